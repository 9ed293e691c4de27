"""Summary prompts of any common shape: every section the prompt names, in its order, filled from the conversation.

Each prompt here is written for this file, in a shape people use: Markdown
headings, bullets of several kinds, numbered lines, ``Name:`` lines with the
description indented below, a rules list after the sections, JSON keys, one
paragraph with a word budget. The conversation is a learner's own (a flat
with a leak), not memlab's scenario.
"""

from __future__ import annotations

import json

import pytest

from memlab.items import assistant, user
from memlab.offline.api import OfflineAPI

MODEL = "gpt-4.1-mini"
CONVERSATION = [
    user("Hi, I'm renting flat 3B at 12 Rua Nova and the kitchen tap leaks since Monday."),
    assistant("Sorry to hear that. Have you tried closing the valve under the sink?"),
    user("I closed the valve under the sink; it still drips."),
    assistant("Then I'll book a plumber. Your request number is REQ-5521."),
    user("Please text me on 912 345 678, never email."),
]
SECTIONS = ["Property", "Problem", "Actions taken", "Reference numbers", "Next step"]


def note(prompt: str, items=CONVERSATION) -> str:
    response = OfflineAPI().respond({"model": MODEL, "instructions": prompt, "input": list(items)})
    return response["output"][0]["content"][0]["text"]


def in_order(text: str, headings: list[str]) -> bool:
    at = [text.find(heading) for heading in headings]
    return all(position >= 0 for position in at) and at == sorted(at)


SHAPES = {
    "markdown headings": "Summarize the conversation.\n\n" + "\n".join(f"## {s}" for s in SECTIONS),
    "bullets with colons": "Write a handover note with these sections:\n" + "\n".join(f"- {s}: what belongs here" for s in SECTIONS),
    "round bullets, indented descriptions, blank lines": "Compress the chat into a snapshot. Use the sections below:\n\n"
        + "\n\n".join(f"• {s}:\n  - what the customer said about it" for s in SECTIONS) + "\n\nRules:\n- Be brief.\n- Invent nothing.",
    "numbered": "Summarize the conversation using this format:\n" + "\n".join(f"{n}. {s}" for n, s in enumerate(SECTIONS, 1)),
    "star bullets in bold": "Please summarize in these sections:\n" + "\n".join(f"* **{s}**: ..." for s in SECTIONS),
}


@pytest.mark.parametrize("prompt", SHAPES.values(), ids=SHAPES.keys())
def test_every_section_the_prompt_names_appears_in_its_order(prompt) -> None:
    text = note(prompt)
    assert in_order(text, SECTIONS), text
    assert "REQ-5521" in text  # the identifier, character for character, under the section for numbers
    reference = text[text.find("Reference numbers"):text.find("Next step")]
    assert "REQ-5521" in reference, text


def test_a_section_the_conversation_says_nothing_about_says_none() -> None:
    text = note("Summarize the conversation.\n## Problem\n## Billing disputes\n## Reference numbers")
    billing = text[text.find("Billing disputes"):text.find("Reference numbers")]
    assert "none" in billing and "leak" in text[text.find("Problem"):text.find("Billing")]


def test_rules_after_the_sections_are_not_sections() -> None:
    text = note(SHAPES["round bullets, indented descriptions, blank lines"])
    assert "Rules" not in text and "Be brief" not in text


def test_json_with_the_keys_the_prompt_names() -> None:
    text = note("Summarize the conversation as JSON with the keys problem, reference and contact.")
    assert set(json.loads(text)) == {"problem", "reference", "contact"}
    assert "REQ-5521" in json.loads(text)["reference"]


def test_one_paragraph_within_its_word_budget() -> None:
    text = note("Summarize the conversation in one paragraph of at most 40 words.")
    assert "\n" not in text.strip() and len(text.split()) <= 40 and "REQ-5521" in text


def test_facts_the_prompt_says_to_keep_verbatim_are_kept() -> None:
    prompt = ("Summarize the conversation in one paragraph of at most 25 words.\n"
              "These facts must appear in the note exactly as written here:\n  - \"912 345 678\"\n  - \"flat 3B\"")
    text = note(prompt)
    assert "912 345 678" in text and "flat 3B" in text


def test_a_user_asking_for_a_recap_gets_one_without_any_summary_prompt() -> None:
    text = note("You are a helpful assistant.", [*CONVERSATION, assistant("Noted."), user("Can you recap what we covered?")])
    assert "REQ-5521" in text and "leak" in text


def test_the_cookbook_shape_a_summary_of_memlabs_scenario_keeps_every_identifier() -> None:
    from memlab.prompts import summary_prompt
    from memlab.scenario import LONG, tool_definitions, BACKENDS, INSTRUCTIONS
    from memlab.offline.model import play

    items = play(LONG.user_turns[:10], tool_definitions(), BACKENDS, INSTRUCTIONS)
    text = note(summary_prompt(), items)
    for value in ("ORD-73914", "SN-AX7Q42PL", "E-3120"):
        assert value in text


def test_a_section_named_in_words_no_archetype_knows_is_filled_by_related_words() -> None:
    text = note("Summarize the conversation.\n## Property\n## Problem\n## Reference numbers")
    assert "flat 3B" in text[text.find("Property"):text.find("## Problem")], text


@pytest.mark.parametrize("prompt", ["Give me a TL;DR of this chat in under 30 words.", "Sum up this chat for a colleague."])
def test_a_summary_asked_for_in_other_words_is_a_summary(prompt) -> None:
    text = note(prompt)
    assert "REQ-5521" in text and not text.startswith("Noted")


@pytest.mark.parametrize("prompt", ["Write up a three-line summary.", "Produce an executive summary for my manager."])
def test_a_summary_named_as_the_thing_to_write_is_a_summary_in_the_instructions_or_the_chat(prompt) -> None:
    assert "REQ-5521" in note(prompt), prompt
    text = note("You are a helpful assistant.", [*CONVERSATION, assistant("Noted."), user(prompt)])
    assert "REQ-5521" in text and "leak" in text, text


def test_sections_listed_on_one_line_are_the_notes_sections() -> None:
    text = note("Summarize the conversation. Sections: Tenant, Issue, Reference and Follow-up.")
    assert in_order(text, ["Tenant:", "Issue:", "Reference:", "Follow-up:"]), text
    assert "REQ-5521" in text[text.find("Reference:"):text.find("Follow-up:")]
    assert "plumber" in text[text.find("Follow-up:"):]


MOVE = [
    user("We move to Leeds in May, the van comes on 14 May."),
    assistant("Noted. It may rain that day, so pack the boxes in plastic."),
    user("I've tried three removal firms; only Vanly answered."),
    user("Yes, the new flat is 27 Elm Grove."),
    user("OK, and the old lease ends in June."),
    user("Phone calls? Never."),
]


def test_the_month_of_may_is_a_time_and_may_the_verb_is_not() -> None:
    text = note("Summarize the move.\n\n## Timeline\n## Other", MOVE)
    timeline = text.split("## Other")[0]
    assert "14 May" in timeline and "may rain" not in timeline, text


def test_a_heading_made_only_of_common_words_still_names_its_kind() -> None:
    """'When' is a time, 'What was done' the steps, 'Who' the people: each word is a stop word."""
    text = note("Summarize the move.\n\n## When\n## What was done\n## Who", MOVE)
    when, done = text.split("## What was done")[0], text.split("## What was done")[1].split("## Who")[0]
    assert "14 May" in when and "removal firms" in done, text


def test_a_yes_or_ok_opening_a_report_does_not_make_it_a_request() -> None:
    text = note("Summarize the move.\n\n## Timeline\n## Next step", MOVE)
    assert "June" in text.split("## Next step")[0], text  # "OK, and the old lease ends in June." is a time, not a request
    assert "Elm Grove" not in text.split("## Next step")[1], text  # "Yes, the new flat is..." asks nothing


def test_ive_tried_is_a_step_tried_and_never_with_a_full_stop_is_a_preference() -> None:
    text = note("Summarize the move.\n\n## Steps tried\n## Preferences", MOVE)
    steps, prefs = text.split("## Preferences")
    assert "removal firms" in steps and "Never" in prefs, text


IDS = [user("My order ORD-1001 and order ORD-1002 came with serials SN-AA11 and SN-BB22."),
       assistant("I opened ticket TCK-3003 and ticket TCK-3004 for them.")]


def test_a_word_budget_cuts_identifiers_too_but_never_the_facts_to_keep_verbatim() -> None:
    """Past the budget, other sections go first, then identifiers (newest first); the facts the prompt says to
    keep verbatim stay even if they alone are over it: the prompt's own rule outranks its budget."""
    text = note("Summarize the chat in one paragraph of at most 10 words.", IDS)
    assert len(text.split()) <= 10 and "ORD-1001" in text, text
    facts = ["ORD-1001", "ORD-1002", "SN-AA11", "SN-BB22", "TCK-3003", "TCK-3004"]
    keep = "These facts must appear verbatim:\n" + "\n".join(f'- "{fact}"' for fact in facts)
    text = note(f"Summarize the chat in one paragraph of at most 10 words. {keep}", IDS)
    assert all(fact in text for fact in facts), text


def test_who_and_outcome_sections_over_a_word_budget_keep_the_name_and_the_latest_report() -> None:
    """"I am Dana Smith" names the customer; over budget, Outcome gives up its older report (this used to raise)."""
    chat = [user("Hi, I am Dana Smith."), assistant("Hello Dana, how can I help?"),
            user("My order ORD-12345 arrived broken and I want a replacement sent to my office."),
            assistant("I have opened ticket T-881 for a replacement of ORD-12345; it ships Monday.")]
    text = note("Summarize the chat in at most 20 words.\n## Who\n## Outcome", chat)
    who, outcome = text.split("## Outcome")
    assert "Dana Smith" in who and "T-881" in outcome and "arrived broken" not in outcome


# Conversations of other shapes: a name given with "I'm", a number written "#NNNN" or "invoice 4471", a deadline
# after "by"/"before", and an agent that reports what it did ("I've ...", "I have ...").
BOOKING = [
    user("Hello, this is Tomasz Wilk. My invoice 4471 charges me twice for one night."),
    assistant("I'm sorry about that. I have cancelled the second charge."),
    user("I need the refund by Friday, my rent is due then."),
]
REPAIR = [
    user("Hi, I'm Ana Costa and my washing machine shows error F21."),
    assistant("Thanks. I've booked a technician visit under case #90210."),
    user("Could he come before 3 May? I travel after that."),
]


@pytest.mark.parametrize("prompt", ["Summarize this conversation in under 30 words.",
                                    "Recap the chat in 25 words or fewer.",
                                    "Summarize it in no more than 28 words."])
def test_a_word_budget_alone_gives_one_short_paragraph_of_the_facts(prompt) -> None:
    text = note(prompt, REPAIR)
    budget = int(next(t for t in prompt.split() if t.isdigit()))
    assert "\n" not in text and len(text.split()) <= budget and "none" not in text, text
    assert "Ana Costa" in text and "F21" in text and "booked a technician" in text.lower(), text


def test_one_sentence_is_one_sentence_of_several_facts() -> None:
    text = note("Summarize the chat in one sentence.", BOOKING)
    assert text.count(". ") == 0 and text.endswith(".") and "4471" in text and "cancelled" in text.lower(), text


@pytest.mark.parametrize(("items", "wanted"), [
    (BOOKING, {"guest_name": "Tomasz Wilk", "invoice_number": "4471", "refund_deadline": "Friday"}),
    (REPAIR, {"customer": "Ana Costa", "case_id": "#90210", "due_date": "3 May"}),
    (CONVERSATION, {"tenant_name": "none", "request_id": "REQ-5521", "visit_date": "none"}),  # "on 912 345 678"
])
def test_json_keys_that_name_a_value_get_that_value(items, wanted) -> None:
    text = note(f"Summarize the conversation as JSON with keys {', '.join(wanted)}, problem.", items)
    found = json.loads(text)
    assert {key: found[key] for key in wanted} == wanted and found["problem"] != "none", text


def test_headings_listed_on_one_line_keep_their_marks_and_actions_include_the_agents() -> None:
    text = note("Write a handover note. Use markdown headings: ### Caller, ### Problem, ### What we did, "
                "### Pending.", BOOKING)
    assert in_order(text, ["### Caller\n", "### Problem\n", "### What we did\n", "### Pending\n"]), text
    done, pending = text.split("### What we did")[1].split("### Pending")
    assert "cancelled the second charge" in done.lower(), text
    assert "Friday" in pending and "twice" not in pending, text


@pytest.mark.parametrize("prompt", ["Summarize the chat as a numbered list.", "Summarize the chat in 4 numbered points."])
def test_a_numbered_list_is_numbered_and_says_each_thing_once(prompt) -> None:
    lines = note(prompt, REPAIR).splitlines()
    assert [line.split(". ", 1)[0] for line in lines] == [str(n) for n in range(1, len(lines) + 1)], lines
    bodies = [line.split(". ", 1)[1].removeprefix("open: ") for line in lines]
    assert len(lines) >= 3 and not any(a in b for a in bodies for b in bodies if a is not b), lines
