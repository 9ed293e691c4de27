"""A learner's own summary prompt: sent as written (plus memlab's rules, said so), and followed offline."""

from __future__ import annotations

import re

import pytest
from agents import Runner

from memlab import FidelityGate, SummarizingSession
from memlab.evals import judge_summary
from memlab.offline import offline_client
from memlab.offline._prompt import NoteSpec, read_prompt, summary_request
from memlab.prompts import (
    ADDED_RULES_HEADER,
    COOKBOOK_PRINCIPLES,
    MUST_KEEP_RULE,
    PRINCIPLES,
    SUMMARY_PROMPT,
    SUMMARY_SECTIONS,
    TRANSCRIPT_RULE,
    count_words,
    render_transcript,
    summary_prompt,
)
from memlab.scenario import LONG, ROUTER, support_agent
from memlab.summarizer import LLMSummarizer
from memlab.turns import split_turns

from memlab.items import user
from ..helpers import scripted

_IDS_RULE = next(line for line in SUMMARY_PROMPT.splitlines() if line.startswith("- Copy every identifier"))


def turns_of(conversation, first: int, last: int) -> list[dict]:
    _, turns = split_turns(scripted(conversation))
    return [item for t in turns[first - 1 : last] for item in t]


ROUTER_ITEMS = turns_of(ROUTER, 1, 4)  # what a summary folds in notebook 03: the order lookup, the steps, the preference
LONG_ITEMS = turns_of(LONG, 1, 12)  # three issues, four tools, steps that did not help


def headings(note: str) -> list[str]:
    return [line[3:] for line in note.splitlines() if line.startswith("## ")]


def section(note: str, name: str) -> list[str]:
    match = re.search(rf"^## {re.escape(name)}\n(.*?)(?=\n\n## |\Z)", note, re.M | re.S)
    return [line[2:] for line in match.group(1).splitlines()] if match else []


async def note_for(prompt: str | None, items: list[dict], **options) -> str:
    """The offline model's note, asked for over the (fake) wire as a live summary would be."""
    must_keep = options.pop("must_keep", ())
    return (await LLMSummarizer(offline_client(), prompt=prompt, **options).summarize(items, must_keep=must_keep))[1]


# ------------------------------------------------------------------ what is sent


def test_the_learners_prompt_is_sent_as_written_then_memlabs_rules_under_a_line_that_says_so() -> None:
    mine = "Summarize the chat for the next agent.\nSections: Problem, Next step"
    summarizer = LLMSummarizer(offline_client(), prompt=mine, max_words=60, agent_instructions="Never promise refunds.")
    sent = summarizer.request(ROUTER_ITEMS, must_keep=["ORD-48213"])["instructions"].splitlines()
    assert sent[:2] == mine.splitlines()
    rules = sent[sent.index(ADDED_RULES_HEADER) + 1 :]
    assert rules[0] == TRANSCRIPT_RULE
    assert rules[1].startswith("- Keep the whole note under 60 words.")
    assert rules[2:4] == [MUST_KEEP_RULE, '  - "ORD-48213"']
    assert "Never promise refunds." in rules and "Current status" not in "\n".join(rules)  # no section of memlab's named
    plain = LLMSummarizer(offline_client(), prompt=mine).request(ROUTER_ITEMS)["instructions"]
    assert plain == f"{mine}\n\n{ADDED_RULES_HEADER}\n{TRANSCRIPT_RULE}"  # only what applies
    assert LLMSummarizer(offline_client()).request(ROUTER_ITEMS)["instructions"] == summary_prompt()  # memlab's, unchanged


async def test_what_request_shows_is_what_goes_over_the_wire(api) -> None:
    summarizer = LLMSummarizer(offline_client(api), prompt="Recap this chat.\nSections: Issue")
    await summarizer.summarize(ROUTER_ITEMS)
    assert api.requests[-1].body["instructions"] == summarizer.request(ROUTER_ITEMS)["instructions"]


@pytest.mark.parametrize("prompt, error", [("", ValueError), ("  \n ", ValueError), (42, TypeError), (["a"], TypeError)])
def test_a_prompt_that_is_not_text_is_refused_at_construction(prompt, error) -> None:
    with pytest.raises(error, match="prompt"):
        LLMSummarizer(offline_client(), prompt=prompt)


# ------------------------------------------------------------------ memlab's prompt, passed as the learner's


async def test_memlabs_own_prompt_passed_as_text_gives_memlabs_note() -> None:
    assert read_prompt(SUMMARY_PROMPT) == NoteSpec()
    for items in (ROUTER_ITEMS, LONG_ITEMS):
        assert await note_for(SUMMARY_PROMPT, items) == await note_for(None, items)
    assert await note_for(SUMMARY_PROMPT, LONG_ITEMS, max_words=80) == await note_for(None, LONG_ITEMS, max_words=80)


# ------------------------------------------------------------------ the note follows the prompt


async def test_a_dropped_section_is_gone() -> None:
    without = SUMMARY_PROMPT.replace("## Timeline\n", "")
    note = await note_for(without, LONG_ITEMS)
    assert headings(note) == [name for name in SUMMARY_SECTIONS if name != "Timeline"]
    assert "Every evening" not in note and "Every evening (router): drops the connection" in await note_for(SUMMARY_PROMPT, LONG_ITEMS)


async def test_reordered_and_renamed_sections_come_in_the_prompts_order_under_its_names() -> None:
    prompt = """You hand this support chat over to a colleague.
Use these sections:
1. **Next action** — one step for whoever takes over
2. Where things stand
3. Order and serial numbers
4. Customer's device
5. Customer preferences
Write 'none' under a section with nothing to say. Keep order numbers and serials exactly as written."""
    note = await note_for(prompt, ROUTER_ITEMS)
    assert headings(note) == ["Next action", "Where things stand", "Order and serial numbers", "Customer's device",
                              "Customer preferences"]
    assert section(note, "Next action") == ["Run diagnostics on the router (the agent offered it)."]
    assert section(note, "Where things stand") == ["Router: not fixed by a power-cycle and a firmware update"]
    assert section(note, "Order and serial numbers") == ["order number: ORD-48213"]
    assert section(note, "Customer's device") == ["NetHub AX3000 router, firmware 2.2.0"]
    # the preference has a section of its own now, so the status no longer carries it
    assert section(note, "Customer preferences") == ["Customer prefers contact by email."]


async def test_without_an_identifier_rule_ids_are_paraphrased_and_the_judge_sees_it() -> None:
    note = await note_for(SUMMARY_PROMPT.replace(_IDS_RULE + "\n", ""), LONG_ITEMS)
    assert not re.search(r"ORD-|SN-|E-\d|TCK-", note)
    assert section(note, "Identifiers") == ["An order number was mentioned.", "A serial number was mentioned.",
                                            "An error code was mentioned.", "A ticket was mentioned."]
    assert "lookup_order(the order) ok: delivered on 2025-03-04 and signed for" in section(note, "Tool performance insights")
    verdict = (await judge_summary(note, LONG_ITEMS, client=offline_client())).set_index("criterion")
    assert verdict.loc["identifiers_kept", "score"] == 0
    kept = await note_for(SUMMARY_PROMPT, LONG_ITEMS)
    assert (await judge_summary(kept, LONG_ITEMS, client=offline_client())).set_index("criterion").loc["identifiers_kept", "score"] == 5


async def test_must_keep_facts_stay_verbatim_without_an_identifier_rule() -> None:
    note = await note_for("Summarize the chat. Sections: Problem, Ids", LONG_ITEMS, must_keep=["ORD-73914"])
    assert section(note, "Ids") == ["order number: ORD-73914", "A serial number was mentioned.",
                                    "An error code was mentioned.", "A ticket was mentioned."]


async def test_a_milestones_request_adds_the_milestones_in_order() -> None:
    prompt = "Summarize the chat for the next agent.\nSections: Problem, Next step\nAlso include the key milestones."
    note = await note_for(prompt, LONG_ITEMS)
    assert headings(note) == ["Problem", "Next step", "Milestones"]
    milestones = section(note, "Milestones")
    assert [line.split(":")[0] for line in milestones] == ["Tool", "Raised", "Tool", "Raised", "Step", "Tool", "Tool", "Raised", "Step"]
    assert milestones[1] == "Raised: The box arrived but the headset is missing from it"
    assert milestones[-1] == "Step: Router: Unplugged it for a minute → it came back, but it dropped again an hour later"
    assert headings(await note_for(prompt.replace("milestones", "timeline"), LONG_ITEMS)) == ["Problem", "Next step", "Timeline"]
    assert headings(await note_for(prompt.rpartition("\n")[0], LONG_ITEMS)) == ["Problem", "Next step"]  # asked for nothing more


async def test_a_tight_word_budget_in_the_prompt_is_kept() -> None:
    prompt = "Write a handover note. Sections: Problem, What was tried, Where things stand, Next step."
    loose, tight = await note_for(prompt, LONG_ITEMS), await note_for(prompt + "\nAt most 40 words.", LONG_ITEMS)
    assert count_words(loose) > 100 >= 40 >= count_words(tight)
    assert section(tight, "What was tried") == [] and section(tight, "Next step") == section(loose, "Next step")
    # max_words and the prompt's own budget: the smaller one counts
    assert count_words(await note_for(prompt + "\nUnder 90 words.", LONG_ITEMS, max_words=40)) <= 40


async def test_none_where_the_prompt_says_so_and_nothing_for_a_section_the_reader_cannot_place() -> None:
    asks_none = "Summarize the chat. Sections: Problem, Mood of the customer, Timeline. Write 'none' for an empty section."
    note = await note_for(asks_none, ROUTER_ITEMS[:2])  # turn 1: a problem, no step, no date from a tool
    assert headings(note) == ["Problem", "Mood of the customer", "Timeline"]
    assert section(note, "Mood of the customer") == ["none"]
    silent = await note_for(asks_none.replace(" Write 'none' for an empty section.", ""), ROUTER_ITEMS[:2])
    assert headings(silent) == ["Problem", "Timeline"]


async def test_a_running_summary_under_the_learners_headings_extends_the_earlier_note() -> None:
    prompt = "Summarize the chat. Sections: Problem, What was tried, Ids. Keep ids verbatim."
    summarizer = LLMSummarizer(offline_client(), prompt=prompt)
    _, first = await summarizer.summarize(turns_of(LONG, 1, 10))
    shadow, earlier = user("recap"), {"role": "assistant", "content": first}
    _, running = await summarizer.summarize([shadow, earlier, *turns_of(LONG, 11, 15)])
    assert running.count("## Problem") == 1
    assert set(section(first, "Ids")) <= set(section(running, "Ids"))
    assert section(running, "Problem")[:2] == section(first, "Problem")
    assert section(running, "Problem")[2] == "[resolved] Home wifi router drops the connection"


# ------------------------------------------------------------------ how the fake knows it is asked for a summary


async def test_a_cookbook_port_with_its_prompt_as_a_system_message_is_summarized(client) -> None:
    response = await client.responses.create(model="gpt-4.1-mini", input=[
        {"role": "system", "content": "You summarize support conversations. Sections: Issue, Next step"},
        {"role": "user", "content": render_transcript(ROUTER_ITEMS)},
    ])
    assert headings(response.output_text) == ["Issue", "Next step"]


def test_a_chat_is_not_mistaken_for_a_summary_request() -> None:
    chat = [user("Can you summarize my options for a new router?")]
    assert summary_request(chat, "You are a helpful support agent.") is None
    transcript = [user(render_transcript(ROUTER_ITEMS))]
    assert summary_request(transcript, "You are a helpful support agent.") is None  # nothing asks for a summary
    assert summary_request(transcript, "Recap this conversation for a colleague.") == (transcript, "Recap this conversation for a colleague.")


# ------------------------------------------------------------------ reading the prompt


@pytest.mark.parametrize("prompt, sections", [
    ("Sections: Problem, Steps tried and results; and Next step.", ["Problem", "Steps tried and results", "Next step"]),
    ("# Handover\n## Issue\nwhat broke\n## Actions taken\n## Follow-up", ["Issue", "Actions taken", "Follow-up"]),
    ("## Rules\n- be brief\n## Problem\n## Status", ["Problem", "Status"]),
    ("Answer with these headings:\n\n- Device: what they own\n- Problem (one line)\n\nRules:\n- no ids", ["Device", "Problem"]),
])
def test_sections_are_read_inline_from_a_list_or_from_headings(prompt, sections) -> None:
    assert [name for name, _ in read_prompt(prompt).sections] == sections


def test_section_names_map_onto_what_the_reader_fills_and_a_second_of_one_kind_gets_nothing() -> None:
    spec = read_prompt("Sections: Problem, What was tried, Error codes, Key dates, Tools used, Blockers, "
                       "Recommended action, Customer's device, Milestones, Contact preference, Problems again, Weather")
    assert [kind for _, kind in spec.sections] == [
        "Reported issue", "Steps tried and results", "Identifiers", "Timeline", "Tool performance insights",
        "Current status and blockers", "Next recommended step", "Product and environment", "Milestones",
        "Customer preferences", None, None]


@pytest.mark.parametrize("line, verbatim", [
    ("Copy order numbers and serials exactly.", True), ("Keep every identifier verbatim.", True),
    ("Never paraphrase ticket ids.", True), ("Quote error codes character for character.", True),
    ("Be exact.", False), ("Mention the ids.", False), ("", False),
])
def test_the_identifier_rule_needs_ids_and_exactness_on_one_line(line, verbatim) -> None:
    assert read_prompt(f"Summarize the chat.\n{line}").verbatim_ids is verbatim


@pytest.mark.parametrize("line, budget", [
    ("Keep it under 120 words.", 120), ("At most 80 words.", 80), ("Use 50 words or fewer.", 50),
    ("No more than 70 words; each bullet under 12 words.", 70), ("Keep bullets short.", None),
])
def test_the_word_budget_is_read_for_the_whole_note(line, budget) -> None:
    assert read_prompt(f"Summarize the chat.\n{line}").max_words == budget


def test_the_agents_rules_quoted_in_the_prompt_do_not_shape_the_note() -> None:
    prompt = summary_prompt("Answer in under 30 words. Sections: Greeting, Sign-off", prompt="Summarize. Sections: Problem")
    spec = read_prompt(prompt)
    assert spec.max_words is None and [name for name, _ in spec.sections] == ["Problem"]


# ------------------------------------------------------------------ with a gate, through the Runner


async def test_a_learners_prompt_without_the_id_rule_still_passes_a_gate_because_memlab_lists_the_facts(api) -> None:
    prompt = "Summarize the chat for the next agent. Sections: Problem, Where things stand"
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, gate=FidelityGate(ROUTER.must_keep_patterns()),
                                 summarizer=LLMSummarizer(offline_client(api), prompt=prompt))
    agent = support_agent()
    for text in ROUTER.user_turns:
        await Runner.run(agent, text, session=session)
    assert [event.status for event in session.summary_events] == ["applied"]
    assert headings(session.summary_text)[:2] == ["Problem", "Where things stand"]
    assert "ORD-48213" in session.summary_text  # the must-keep rule memlab added lists it verbatim
    result = await Runner.run(agent, "What was my order number again?", session=session)
    assert result.final_output == "Your order number is ORD-48213."


# ------------------------------------------------------------------ the cookbook's nine principles, mapped

COOKBOOK_NAMES = ["Milestones", "Use case specificity", "Contradiction check", "Timestamps & temporal flow", "Chunking",
                  "Tool performance insights", "Guidance & examples", "Hallucination control", "Model choice"]


def test_the_cookbooks_nine_principles_map_onto_memlabs_and_onto_lines_of_the_prompt() -> None:
    assert [principle.name for principle in COOKBOOK_PRINCIPLES] == COOKBOOK_NAMES
    ours = {principle.name for principle in PRINCIPLES}
    full = summary_prompt("Never promise refunds.", ["ORD-1"], max_words=80).splitlines()
    for principle in COOKBOOK_PRINCIPLES:
        assert set(principle.memlab) <= ours, principle.name
        assert principle.asks and principle.offline, principle.name
        for start in principle.lines:  # each names a line the prompt really has
            assert any(line.startswith(start) for line in full), (principle.name, start)
        assert bool(principle.lines) == bool(principle.memlab), principle.name  # lines exactly when memlab applies it
        if principle.edit is not None:
            assert principle.edit.apply(SUMMARY_PROMPT) != SUMMARY_PROMPT, principle.name
    # memlab's own two, which the cookbook does not name, are the budget and the gate's facts
    mapped = {name for principle in COOKBOOK_PRINCIPLES for name in principle.memlab}
    assert ours - mapped == {"Brevity, with a word budget", "Must-keep facts listed verbatim"}


def test_an_edit_that_does_not_fit_the_prompt_is_refused_in_one_line() -> None:
    edit = next(principle.edit for principle in COOKBOOK_PRINCIPLES if principle.name == "Timestamps & temporal flow")
    with pytest.raises(ValueError, match="the prompt has no '## Timeline' to edit .*start from SUMMARY_PROMPT"):
        edit.apply("Summarize the chat. Sections: Problem, Status")


async def test_what_each_mapped_principle_says_the_offline_note_does_is_what_it_does(api) -> None:
    """A row that says 'no change offline' leaves the note as it was; every other edit changes it as its row says."""
    items = turns_of(ROUTER, 1, 3)  # what notebook 03 measures the edits on
    base = await note_for(SUMMARY_PROMPT, items)
    for principle in COOKBOOK_PRINCIPLES:
        if principle.edit is None:
            assert "Not shown offline" in principle.offline or "changes nothing" in principle.offline, principle.name
            continue
        note = await note_for(principle.edit.apply(SUMMARY_PROMPT), items)
        if principle.offline.startswith("No change offline"):
            assert note == base, principle.name
        else:
            assert note != base, principle.name
    by_name = {principle.name: principle for principle in COOKBOOK_PRINCIPLES}
    milestones = await note_for(by_name["Milestones"].edit.apply(SUMMARY_PROMPT), items)
    assert headings(milestones)[-1] == "Milestones"
    timeline = await note_for(by_name["Timestamps & temporal flow"].edit.apply(SUMMARY_PROMPT), items)
    assert "Timeline" not in headings(timeline) and "since last Tuesday" not in timeline
    chunked = await note_for(by_name["Chunking"].edit.apply(SUMMARY_PROMPT), items)
    assert headings(chunked) == ["Reported issue", "Steps tried and results", "Current status and blockers", "Next recommended step"]
    generic = await note_for(by_name["Use case specificity"].edit.apply(SUMMARY_PROMPT), items)
    assert headings(generic) == ["Summary", "Key points"] and section(generic, "Summary") == ["none"]
    unruled = await note_for(by_name["Hallucination control"].edit.apply(SUMMARY_PROMPT), items)
    assert "ORD-48213" not in unruled and "the order" in unruled
