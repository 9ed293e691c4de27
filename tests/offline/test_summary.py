"""The offline model's handover note, its word budget, the offline judge, and the prompt's principles."""

from __future__ import annotations

import re

import pytest

import memlab.prompts
from memlab.evals import judge_summary
from memlab.facts import find_facts
from memlab.offline import offline_client
from memlab.offline._prompt import read_prompt
from memlab.offline._summary import extractive_summary, must_keep_listed
from memlab.prompts import (
    MAX_WORDS_RULE,
    MUST_KEEP_RULE,
    PRINCIPLES,
    SHADOW_PROMPT,
    SUMMARY_PROMPT_TITLE,
    SUMMARY_SECTIONS,
    count_words,
    render_transcript,
    summary_prompt,
)
from memlab.scenario import LONG, ROUTER
from memlab.summarizer import LLMSummarizer
from memlab.tokens import count_text
from memlab.turns import item_text, split_turns
from memlab.items import assistant, user
from tests.helpers import offline_summarizer, scripted

ROUTER_NOTE = """\
## Product and environment
- NetHub AX3000 router, firmware 2.2.0

## Reported issue
- [open] NetHub AX3000 router drops the wifi (ORD-48213)

## Steps tried and results
- Router: Power-cycled it twice and updated the firmware to 2.2.0 → it still drops

## Identifiers
- order number: ORD-48213

## Timeline
- Every evening, since last Tuesday (router): drops the wifi
- 2025-01-17: ORD-48213 delivered

## Tool performance insights
- lookup_order(ORD-48213) ok: delivered on 2025-01-17

## Current status and blockers
- Router: not fixed by a power-cycle and a firmware update
- Customer prefers contact by email.

## Next recommended step
- Run diagnostics on the router (the agent offered it)."""

#: The note the offline model wrote for ROUTER before this module was rewritten (steps and
#: timeline "none" although the customer gave both; a pasted reply as the status).
OLD_ROUTER_NOTE = """\
## Product and environment
- NetHub AX3000 router
- firmware to 2.2.0

## Reported issue
- My NetHub AX3000 router drops the wifi every evening since last Tuesday.
- I already power-cycled it twice and updated the firmware to 2.2.0; it still drops.

## Steps tried and results
- none

## Identifiers
- order number: ORD-48213

## Timeline
- none

## Tool performance insights
- lookup_order(ORD-48213) ok: status=delivered

## Current status and blockers
- Noted: you prefer email for updates.
- Customer prefers contact by email.

## Next recommended step
- The next step is a remote check: I can run diagnostics on the device."""


def turns_of(conversation, first: int, last: int) -> list[dict]:
    """The offline transcript's items for user turns ``first`` to ``last`` (1-based, inclusive)."""
    _, turns = split_turns(scripted(conversation))
    return [item for t in turns[first - 1 : last] for item in t]


def section(note: str, name: str) -> list[str]:
    """The bullets of section ``name`` (empty if the section is absent)."""
    match = re.search(rf"^## {re.escape(name)}\n(.*?)(?=\n\n## |\Z)", note, re.M | re.S)
    return [line[2:] for line in match.group(1).splitlines()] if match else []


async def summarize(items: list[dict], **kwargs) -> str:
    """The offline model's note for ``items``, asked for over the (fake) wire like a live summary."""
    must_keep = kwargs.pop("must_keep", ())
    return (await LLMSummarizer(offline_client(), **kwargs).summarize(items, must_keep=must_keep))[1]


# ------------------------------------------------------------------ a faithful note


async def test_the_router_note_fills_every_section_from_the_transcript() -> None:
    assert await summarize(scripted(ROUTER)[:-2]) == ROUTER_NOTE


async def test_the_note_is_deterministic_and_invents_no_identifier() -> None:
    items = scripted(LONG)[:60]
    note = await summarize(items)
    assert note == await summarize(items)
    source = render_transcript(items)
    assert all(value in source for values in find_facts(note).values() for value in values)
    for step in section(ROUTER_NOTE, "Steps tried and results"):  # the customer's own words, split at the result
        action = step.removeprefix("Router: ").split(" → ")[0]
        assert action.lower() in render_transcript(scripted(ROUTER)).lower()


async def test_each_issue_once_with_its_state_and_the_status_as_a_state() -> None:
    note = await summarize(scripted(LONG)[:60])
    assert section(note, "Reported issue") == [
        "[open] The box arrived but the headset is missing from it (ORD-73914)",
        "[open] Laptop fan gets very loud and hot (SN-AX7Q42PL)",
        "[resolved] Home wifi router drops the connection",
        "[resolved] Bluetooth earbuds won't pair with my phone; then: the left earbud has no sound",
        "[resolved] The same laptop's screen flickers when it runs on battery",
        "[open] Forgot the password for my support account",
    ]
    assert "Laptop: Installed the newest graphics driver → the flicker is gone" in section(note, "Steps tried and results")
    assert section(note, "Current status and blockers") == [
        "Headset: ticket TCK-155878 open",
        "Laptop: not fixed by checks and a restart; E-3120, fan speed sensor out of range; not covered (expired 2023-03-21); "
        "customer plans to go ahead with the fan repair later this week",
        "Password: agent advised: reset it from the sign-in page with 'Forgot password'",
        "Customer prefers contact by SMS.",
    ]
    replies = " ".join(item_text(i) for i in scripted(LONG)[:60] if i.get("role") == "assistant")
    assert not any(bullet in replies for bullet in section(note, "Current status and blockers"))  # nothing pasted
    assert "2023-03-21: warranty of SN-AX7Q42PL ended" in section(note, "Timeline")
    assert "An hour later (router): Unplugged it for a minute and it came back, but it dropped again" in section(note, "Timeline")


def _five_word_runs(text: str) -> set[str]:
    words = re.findall(r"[\w'-]+", text.lower())
    return {" ".join(words[n : n + 5]) for n in range(len(words) - 4)}


@pytest.mark.parametrize("conversation, turns", [(ROUTER, 4), (LONG, 6), (LONG, 12), (LONG, 17), (LONG, 21), (LONG, 37)])
def test_status_lines_summarize_in_the_notes_own_words_never_the_customers_sentence(conversation, turns) -> None:
    items = turns_of(conversation, 1, turns)
    said = " ".join(item_text(i) for i in items if i.get("role") == "user")
    status = section(extractive_summary(items), "Current status and blockers")
    for bullet in status:
        assert not _five_word_runs(bullet) & _five_word_runs(said), bullet


def test_a_step_that_did_not_fix_it_is_named_in_the_status_with_two_open_issues_of_one_device_told_apart() -> None:
    assert section(extractive_summary(turns_of(LONG, 1, 17)), "Current status and blockers")[2] == (
        "Earbuds: open after re-pairing, with a new symptom")  # was "open, no step reported yet" after a step
    assert [line.partition(":")[0] for line in section(extractive_summary(turns_of(LONG, 1, 21)), "Current status and blockers")] == [
        "Headset", "Laptop (fan)", "Laptop (screen)", "Customer prefers contact by SMS."]


def test_the_newest_value_wins_and_every_identifier_stays_verbatim() -> None:
    items = [
        user("My order is ORD-11111 and the router drops the wifi every evening."),
        assistant("Let me check."),
        user("Sorry, I mistyped: the order is ORD-22222."),
        user("The router runs firmware 1.0.1."),
        user("Correction: it runs firmware 1.0.2."),
    ]
    note = extractive_summary(items)
    assert section(note, "Identifiers") == ["order number: ORD-11111, then ORD-22222 (newest)"]
    assert section(note, "Product and environment") == ["router, firmware 1.0.2"]
    assert "ORD-11111" not in "\n".join(section(note, "Current status and blockers"))


async def test_a_running_summary_extends_the_earlier_note_without_nesting() -> None:
    first = await summarize(turns_of(LONG, 1, 24))  # the password issue is open, with the agent's advice
    assert "[open] Forgot the password for my support account" in section(first, "Reported issue")
    running = await summarize([user(SHADOW_PROMPT), assistant(first), *turns_of(LONG, 25, 26)])
    assert running.count("## Identifiers") == 1
    assert "[resolved] Forgot the password for my support account" in section(running, "Reported issue")
    assert "Password: Found the reset email in my spam folder → all good" in section(running, "Steps tried and results")
    assert set(section(first, "Timeline")) <= set(section(running, "Timeline"))  # nothing forgotten
    assert set(section(first, "Identifiers")) <= set(section(running, "Identifiers"))
    assert not any(b.startswith("Password:") for b in section(running, "Current status and blockers"))
    # "look up ORD-73914 again" returns to the headset issue the earlier note tied to that order
    assert section(running, "Next recommended step") == ["Arrange a replacement or a return (the agent offered it)."]
    assert "Laptop: not fixed by checks and a restart; E-3120, fan speed sensor out of range" in section(running, "Current status and blockers")[1]


def test_an_earlier_note_cut_to_one_section_by_the_budget_is_still_extended() -> None:
    earlier = "## Current status and blockers\n- Laptop: the light still blinks red\n- Customer prefers contact by email."
    note = extractive_summary([user(SHADOW_PROMPT), assistant(earlier), user("The serial is SN-LP4K9M2X.")])
    assert note.count("## Current status and blockers") == 1
    assert section(note, "Current status and blockers") == ["Laptop: the light still blinks red", "Customer prefers contact by email."]
    assert section(note, "Identifiers") == ["serial: SN-LP4K9M2X"]


async def test_must_keep_facts_are_kept_verbatim() -> None:
    facts = ["ORD-48213", "email", "a fact no turn states"]
    note = await summarize(scripted(ROUTER)[:-2], must_keep=facts)
    assert all(fact in note for fact in facts)
    assert "must keep: a fact no turn states" in section(note, "Identifiers")


def test_extractive_summary_keeps_its_signature_for_a_transcript_message() -> None:
    rendered = [{"role": "user", "content": render_transcript(scripted(ROUTER)[:-2])}]
    assert extractive_summary(rendered) == ROUTER_NOTE
    assert extractive_summary(rendered, ()) == extractive_summary(scripted(ROUTER)[:-2])


# ------------------------------------------------------------------ the word budget


async def test_a_word_budget_keeps_identifiers_and_drops_older_detail_first() -> None:
    items = scripted(LONG)
    full, at_120, at_60 = [await summarize(items, max_words=n) for n in (None, 120, 60)]
    ids = section(full, "Identifiers")
    for note, budget in ((at_120, 120), (at_60, 60)):
        assert count_words(note) <= budget + count_words("\n".join(ids))  # the guarantee: budget plus identifiers
        assert count_words(note) <= budget  # and on LONG the identifiers fit inside it
        assert section(note, "Identifiers") == ids
        assert section(note, "Next recommended step") == section(full, "Next recommended step")
        assert "- none" not in note  # over budget, an empty section is left out rather than "none"
    assert count_text(full) > count_text(at_120) > count_text(at_60)
    assert section(at_60, "Steps tried and results") == []  # detail goes first
    assert section(at_60, "Current status and blockers")[0] == "Headset: ticket TCK-155878 open"
    assert await summarize(items, max_words=5000) == full  # under budget, nothing changes


async def test_the_budget_never_drops_a_must_keep_fact() -> None:
    note = await summarize(scripted(LONG), max_words=20, must_keep=["SMS", "ORD-73914"])
    # all that is left: the identifiers, and the one line that holds "SMS"
    assert section(note, "Identifiers") == section(await summarize(scripted(LONG)), "Identifiers")
    assert section(note, "Current status and blockers") == ["Customer prefers contact by SMS."]
    assert [line for line in note.splitlines() if line.startswith("## ")] == [
        "## Identifiers", "## Current status and blockers"]


def test_the_offline_model_reads_the_budget_and_the_facts_from_the_prompt() -> None:
    prompt = summary_prompt(None, ["ORD-1"], max_words=80)
    assert MAX_WORDS_RULE.format(max_words=80) in prompt.splitlines()
    assert read_prompt(prompt).max_words == 80 and read_prompt(summary_prompt()).max_words is None
    assert must_keep_listed(prompt) == ["ORD-1"] and must_keep_listed(summary_prompt()) == []


@pytest.mark.parametrize("value, error", [(19, ValueError), (0, ValueError), ("60", TypeError), (True, TypeError), (60.0, TypeError)])
def test_max_words_is_validated(value, error) -> None:
    with pytest.raises(error, match="max_words"):
        LLMSummarizer(offline_client(), max_words=value)
    with pytest.raises(error, match="max_words"):
        summary_prompt(max_words=value)


def test_max_words_reaches_the_request() -> None:
    summarizer = offline_summarizer(max_words=50)
    assert summarizer.max_words == 50
    assert summarizer.request(scripted(ROUTER))["instructions"] == summary_prompt(max_words=50)
    assert LLMSummarizer(offline_client()).max_words is None


# ------------------------------------------------------------------ the judge


async def test_the_judge_grades_content_not_sections() -> None:
    items = scripted(ROUTER)[:-2]
    old = (await judge_summary(OLD_ROUTER_NOTE, items, client=offline_client())).set_index("criterion")
    assert old.loc["steps_tried", "score"] == 0 and "restart, update" in old.loc["steps_tried", "reason"]
    assert old.loc["timeline", "score"] == 0 and "evening, tuesday" in old.loc["timeline", "reason"]
    assert old.loc["current_status", "score"] == 3 and "not a state" in old.loc["current_status", "reason"]
    assert old.loc["identifiers_kept", "score"] == old.loc["next_step", "score"] == 5
    new = await judge_summary(ROUTER_NOTE, items, client=offline_client())
    assert list(new["score"]) == [5] * 6


async def test_the_judge_scores_steps_and_time_cues_by_share() -> None:
    items = scripted(ROUTER)[:-2]
    half = ROUTER_NOTE.replace("Power-cycled it twice and updated", "Updated").replace("since last Tuesday", "lately")
    verdict = (await judge_summary(half, items, client=offline_client())).set_index("criterion")
    assert verdict.loc["steps_tried", "score"] == 3  # 1 of 2 kinds of step (update, not restart): 2.5 rounds up
    assert verdict.loc["steps_tried", "reason"] == "steps missing: restart"
    assert verdict.loc["timeline", "score"] == 3 and verdict.loc["timeline", "reason"] == "time cues missing: tuesday"


@pytest.mark.parametrize("bullet", ["Can you check the router?", "If it drops again, unplug it.", "Your router is fine."])
async def test_the_judge_wants_a_state_not_advice(bullet) -> None:
    note = ROUTER_NOTE.replace("- Customer prefers contact by email.", f"- {bullet}")
    verdict = (await judge_summary(note, scripted(ROUTER)[:-2], client=offline_client())).set_index("criterion")
    assert verdict.loc["current_status", "score"] == 3


# ------------------------------------------------------------------ the nine principles


def test_nine_principles_each_tied_to_lines_of_the_prompt() -> None:
    assert len(PRINCIPLES) == 9 and len({p.name for p in PRINCIPLES}) == 9
    plain = summary_prompt().splitlines()
    full = summary_prompt("Never promise refunds.", ["ORD-1"], max_words=80).splitlines()
    for principle in PRINCIPLES:
        assert principle.lines or principle.extra_lines, principle.name
        assert principle.why
        for line in principle.lines:  # always in the prompt, with or without the optional parts
            assert line in plain and line in full, (principle.name, line)
        for line in principle.extra_lines:  # only with the argument it needs
            assert principle.needs in ("agent_instructions", "must_keep", "max_words")
            assert line.format(max_words=80) in full and line.format(max_words=80) not in plain, (principle.name, line)
    needs = {p.needs for p in PRINCIPLES}
    assert needs == {None, "agent_instructions", "must_keep", "max_words"}
    assert plain[0] == SUMMARY_PROMPT_TITLE and all(f"## {name}" in plain for name in SUMMARY_SECTIONS)
    assert MUST_KEEP_RULE in full and "contradicts" not in "\n".join(plain)


def test_the_module_docstring_names_the_principles() -> None:
    assert all(principle.name in memlab.prompts.__doc__ for principle in PRINCIPLES)


def test_count_words_ignores_markup() -> None:
    assert count_words("## Identifiers\n- order number: ORD-73914 → ok") == 5
    assert count_words("") == 0


@pytest.mark.parametrize("unit", ["since every ", "it still drops,   and "])
def test_a_huge_message_of_near_misses_is_summarized(unit) -> None:
    """40 KB that repeats words the summarizer's patterns look for, never completing a match, gets a note
    with every section ("since every since every ..." has no day after it).

    How the time grows with the text is measured by ``make bench`` (``benchmarks/bench_linear.py``).
    """
    text = (unit * (40_000 // len(unit) + 1))[:40_000]
    note = extractive_summary([user(render_transcript([user(text)]))])
    assert all(f"## {heading}" in note for heading in SUMMARY_SECTIONS)
