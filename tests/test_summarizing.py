from __future__ import annotations

import asyncio
import json
import logging

import pytest
from agents import SQLiteSession
from agents.memory import Session

from memlab import FidelityGate, LLMSummarizer, SummarizationError, SummarizingSession, render_transcript, summary_cut
from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client
from memlab.prompts import (
    COOKBOOK_PRINCIPLES,
    MUST_KEEP_RULE,
    SHADOW_PROMPT,
    SUMMARY_PROMPT,
    SUMMARY_PROMPT_TITLE,
    SUMMARY_SECTIONS,
    summary_prompt,
)
from memlab.turns import count_turns

from .fakes import (
    EchoSummarizer,
    FailingSummarizer,
    FakeResponsesClient,
    FlakyStore,
    ForgetfulSummarizer,
    GatedSummarizer,
    ReturningSummarizer,
    SlowSummarizer,
)
from memlab.items import assistant, call, output, reasoning, user
from .helpers import conversation, turn

METADATA_KEYS = {"synthetic", "kind", "summary_for_turns", "turn", "metadata"}


async def fill(session, n_turns, **kw):
    for n in range(1, n_turns + 1):
        await session.add_items(turn(n, **kw))


async def test_implements_the_sdk_session_protocol():
    session = SummarizingSession()
    assert isinstance(session, Session)
    assert session.session_settings is None


async def test_cookbook_demo_synthetic_pair_plus_last_two_turns():
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=EchoSummarizer())
    await fill(session, 5)
    items = await session.get_items()
    assert len(items) == 6
    assert items[0] == {"role": "user", "content": "recap please"}
    assert items[1]["role"] == "assistant" and items[1]["content"].startswith("SUMMARY:")
    assert items[2:] == turn(4) + turn(5)
    records = await session.get_items_with_metadata()
    assert [r["metadata"].get("kind") for r in records[:2]] == ["history_summary_prompt", "history_summary"]
    assert records[0]["metadata"]["summary_for_turns"] == [1, 3]
    assert records[2]["metadata"] == {"synthetic": False, "turn": 4}


async def test_keep_last_n_turns_equal_to_context_limit_still_summarizes():
    # The cookbook article's FAQ says the session then never summarizes; its code, and memlab's, do:
    # the trigger counts turns beyond context_limit, and the fold keeps keep_last_n_turns of them.
    assert summary_cut(turn(1) + turn(2), context_limit=2, keep_last_n_turns=2) == 0
    assert summary_cut(turn(1) + turn(2) + turn(3), context_limit=2, keep_last_n_turns=2) == len(turn(1))
    session = SummarizingSession(keep_last_n_turns=2, context_limit=2, summarizer=EchoSummarizer())
    applied = []
    for n in range(1, 6):
        before = len(session.summary_events)
        await session.add_items(turn(n))
        applied.append([event.turns for event in session.summary_events[before:] if event.status == "applied"])
    # a summary on every turn past the limit: no gap between trigger and target
    assert applied == [[], [], [(1, 1)], [(1, 2)], [(1, 3)]]
    assert (await session.get_items())[2:] == turn(4) + turn(5)


async def test_items_stay_verbatim_and_metadata_never_reaches_the_model():
    # cookbook defects 1-3: reasoning and tool items flattened into fake user messages
    summarizer = EchoSummarizer()
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=summarizer)
    tool_turn = [user("my order"), reasoning(), call("c1"), output("c1", "shipped"), assistant("It shipped.")]
    await session.add_items(tool_turn)
    await session.add_items(turn(2, tool=True))
    assert await session.get_items() == tool_turn + turn(2, tool=True)
    for item in await session.get_items():
        assert not METADATA_KEYS & set(item)
    await session.add_items(turn(3))
    # the summarizer received the items themselves, not stringified user messages
    assert summarizer.calls[0][:5] == tool_turn


async def test_only_real_user_messages_count_as_turns():
    summarizer = EchoSummarizer()
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=summarizer)
    # one user turn with many tool items: still one turn, no summary
    await session.add_items([user("q")] + [x for n in range(5) for x in (call(f"c{n}"), output(f"c{n}"))])
    await session.add_items(turn(2))
    assert summarizer.calls == []
    await session.add_items(turn(3))
    await session.add_items(turn(4))
    # the summary covered turns 1-2; the shadow prompt is not counted as a turn,
    # so turns 3 and 4 (2 <= context_limit) stay without a second summary
    assert len(summarizer.calls) == 1
    records = await session.get_items_with_metadata()
    real_turns = [r["metadata"]["turn"] for r in records if not r["metadata"]["synthetic"] and r["message"].get("role") == "user"]
    assert real_turns == [3, 4]


async def test_failed_summary_loses_nothing_and_is_recorded(caplog):
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=FailingSummarizer())
    with caplog.at_level(logging.WARNING, logger="memlab.summarizing"):
        await fill(session, 4)
    assert await session.get_items() == conversation(4, tool_every=0)
    assert session.summary_events[-1].status == "failed"
    assert "model unavailable" in session.last_summary_error
    assert "model unavailable" in caplog.text
    # retried at the next trigger with a working summarizer
    session.summarizer = EchoSummarizer()
    await session.add_items(turn(5))
    assert session.summary_events[-1].status == "applied"
    assert session.last_summary_error is None
    assert (await session.get_items())[2:] == turn(5)


@pytest.mark.parametrize(
    "summarizer, status, message",
    [(ReturningSummarizer(("recap", "   ")), "failed", "empty"), (SlowSummarizer(), "failed", "timed out"),
     (ForgetfulSummarizer(), "rejected", "A-1042")],
)
async def test_every_failure_kind_leaves_history_unchanged(summarizer, status, message):
    session = SummarizingSession(
        keep_last_n_turns=1, context_limit=1, summarizer=summarizer,
        summary_timeout=0.05, gate=FidelityGate([r"A-\d{4}"]),
    )
    await session.add_items([user("order A-1042 is late"), assistant("checking")])
    await session.add_items(turn(2))
    assert await session.get_items() == [user("order A-1042 is late"), assistant("checking")] + turn(2)
    assert session.summary_events[-1].status == status
    assert message in session.summary_events[-1].error


async def test_a_failure_after_the_write_is_recorded_never_raised_so_a_retry_cannot_duplicate():
    store = FlakyStore(SQLiteSession("flaky"))
    session = SummarizingSession(1, 1, EchoSummarizer(), store=store)
    await session.add_items(turn(1))
    store.fail_reads_after_writes = True  # the next write lands, then the re-read to summarize fails
    await session.add_items(turn(2))  # stored: must not raise, or the caller would retry it
    assert session.summary_events[-1].status == "failed"
    assert "ConnectionResetError" in session.summary_events[-1].error
    store.fail_reads = store.fail_reads_after_writes = False
    view = await session.get_items()
    assert [item for item in view if item.get("role") == "user"].count(user("question 2")) == 1


async def test_without_a_summarizer_history_is_kept_whole():
    # cookbook defect 5: history replaced by "Summary unavailable."
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2)
    await fill(session, 6, tool=True)
    assert await session.get_items() == conversation(6, tool_every=1)
    assert "unavailable" not in str(await session.get_items())
    assert session.summary_events == []


async def test_fidelity_gate_accepts_a_summary_that_keeps_the_facts():
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer(),
                                 gate=FidelityGate([r"A-\d{4}", lambda items: ["E-42"] if "E-42" in str(items) else []]))
    await session.add_items([user("order A-1042, error E-42"), assistant("checking")])
    await session.add_items(turn(2))
    assert session.summary_events[-1].status == "applied"
    assert "A-1042" in session.summary_text and "E-42" in session.summary_text


async def test_keep_last_n_turns_zero_still_keeps_the_newest_turn():
    # cookbook defect 6
    session = SummarizingSession(keep_last_n_turns=0, context_limit=1, summarizer=EchoSummarizer())
    await fill(session, 2)
    items = await session.get_items()
    assert items[2:] == turn(2)
    assert "question 2" not in session.summary_text


async def test_pop_item_never_leaves_half_a_pair():
    # cookbook defect 7
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer())
    await fill(session, 2)
    for _ in range(len(turn(2))):
        await session.pop_item()
    popped = await session.pop_item()
    assert popped["role"] == "assistant" and popped["content"].startswith("SUMMARY")
    assert await session.get_items() == []
    assert await session.pop_item() is None


async def test_limit_rule_and_pair_integrity():
    # cookbook defect 8
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer())
    await fill(session, 2, tool=True)
    full = await session.get_items()
    assert await session.get_items(0) == []
    assert await session.get_items(-2) == []
    assert await session.get_items(None) == full
    # a limit is exact (the SDK relies on it): a cut between the shadow prompt
    # and the summary, or one that starts at a tool output, still returns N items
    assert await session.get_items(len(full) - 1) == full[1:]
    assert await session.get_items(2) == full[-2:]
    assert full[-2]["type"] == "function_call_output"  # its call is cut away: the SDK prunes it


async def test_get_items_returns_copies():
    # cookbook defect 9
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer())
    await fill(session, 2)
    view = await session.get_items()
    view[1]["content"] = "forged"
    view[2]["content"] = "forged"
    again = await session.get_items()
    assert "forged" not in str(again)
    records = await session.get_items_with_metadata()
    records[0]["metadata"]["synthetic"] = False
    assert (await session.get_items_with_metadata())[0]["metadata"]["synthetic"] is True


@pytest.mark.parametrize(
    "kwargs, name, error",
    [({"context_limit": 0}, "context_limit", ValueError), ({"context_limit": 2.0}, "context_limit", TypeError),
     ({"keep_last_n_turns": -1}, "keep_last_n_turns", ValueError),
     ({"keep_last_n_turns": 5, "context_limit": 4}, "keep_last_n_turns", ValueError),
     ({"keep_last_n_turns": "2"}, "keep_last_n_turns", TypeError), ({"context_limit": True}, "context_limit", TypeError),
     ({"context_limit": None}, "context_limit", ValueError), ({"max_tokens": 0}, "max_tokens", ValueError),
     ({"max_tokens": 1.5}, "max_tokens", TypeError)],
)
def test_invalid_parameters_raise_naming_the_parameter(kwargs, name, error):
    # cookbook defect 10: validation by assert. A wrong type is a TypeError, a bad value a ValueError.
    with pytest.raises(error, match=name):
        SummarizingSession(**kwargs)


def test_a_session_id_given_first_is_told_to_be_given_by_name():
    # SQLiteSession and TrimmingSession take the id first; this one, like the cookbook's, takes keep_last_n_turns
    with pytest.raises(TypeError, match=r"SummarizingSession\(session_id='support-42', \.\.\.\)"):
        SummarizingSession("support-42")


async def test_set_limits_validates_and_summarizes():
    session = SummarizingSession(keep_last_n_turns=2, context_limit=6, summarizer=EchoSummarizer())
    await fill(session, 4)
    assert session.summary_events == []
    await session.set_limits(context_limit=3)
    assert session.summary_events[-1].status == "applied"
    assert count_turns((await session.get_items())[2:]) == 2
    with pytest.raises(ValueError, match="keep_last_n_turns"):
        await session.set_limits(keep_last_n_turns=4)


async def test_running_summary_extends_the_previous_one():
    summarizer = EchoSummarizer()
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=summarizer)
    await fill(session, 5)
    assert len(summarizer.calls) >= 2
    # the second call saw the first summary pair
    assert summarizer.calls[1][1]["content"].startswith("SUMMARY")
    records = await session.get_items_with_metadata()
    assert records[1]["metadata"]["summary_for_turns"] == [1, 4]


async def test_rejects_non_items():
    session = SummarizingSession()
    with pytest.raises(TypeError):
        await session.add_items([42])
    with pytest.raises(TypeError):
        SummarizingSession(summarizer="not a summarizer")  # type: ignore[arg-type]


# ------------------------------------------------------------------ LLMSummarizer


def test_render_transcript_covers_every_kind_and_cuts_long_outputs():
    items = [
        user("hi"),
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "part one"},
                                                              {"type": "output_text", "text": "part two"}]},
        reasoning(),
        call("c1"),
        output("c1", "x" * 50),
    ]
    text = render_transcript(items, tool_trim_limit=10)
    assert "USER: hi" in text
    assert "ASSISTANT: part one part two" in text  # cookbook defect 3: list content
    assert 'TOOL CALL [c1]: a_tool({})' in text
    assert "TOOL RESULT [c1]: xxxxxxxxxx … [40 more characters cut]" in text


async def test_llm_summarizer_builds_the_request():
    client = FakeResponsesClient("## Identifiers\n- A-1042")
    summarizer = LLMSummarizer(client, model="m", max_tokens=100, agent_instructions="Never promise refunds.")
    shadow, summary = await summarizer.summarize(turn(1))
    assert (shadow, summary) == (SHADOW_PROMPT, "## Identifiers\n- A-1042")
    request = client.requests[0]
    assert request["model"] == "m" and request["max_output_tokens"] == 100
    assert request["instructions"].startswith(SUMMARY_PROMPT_TITLE)
    assert "Never promise refunds." in request["instructions"]  # cookbook defect 11
    assert "USER: question 1" in request["input"][0]["content"]


@pytest.mark.parametrize("reply, message", [({"text": "  "}, "empty"),
                                            ({"status": "incomplete", "incomplete_reason": "max_output_tokens"}, "incomplete")])
async def test_llm_summarizer_rejects_empty_or_incomplete(reply, message):
    with pytest.raises(SummarizationError, match=message):
        await LLMSummarizer(FakeResponsesClient(**reply)).summarize(turn(1))


async def test_llm_summarizer_runs_a_sync_client_in_a_thread():
    client = FakeResponsesClient("sync summary", sync=True)
    assert (await LLMSummarizer(client).summarize(turn(1)))[1] == "sync summary"


def test_summary_prompt_lists_every_section_and_asks_for_contradictions_only_with_rules():
    plain = summary_prompt()
    assert all(f"## {name}" in plain for name in SUMMARY_SECTIONS)
    assert "contradicts" not in plain
    assert "contradicts" in summary_prompt("Be nice.")


@pytest.mark.parametrize("kwargs", [{"max_tokens": 0}, {"max_tokens": 15}, {"tool_trim_limit": -5}])
def test_llm_summarizer_validates(kwargs):
    with pytest.raises(ValueError):
        LLMSummarizer(FakeResponsesClient(), **kwargs)


async def test_a_summarizers_own_timeout_error_is_not_reported_as_our_timeout():
    proxy_timeout = FailingSummarizer(TimeoutError("read timed out on my proxy"))
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=proxy_timeout, summary_timeout=None)
    await fill(session, 2)
    assert session.summary_events[-1].error == "TimeoutError: read timed out on my proxy"


async def test_summary_events_do_not_share_lists_with_the_stored_metadata():
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer())
    await fill(session, 2)
    records = await session.get_items_with_metadata()
    assert session.summary_events[-1].turns == (1, 1)
    records[0]["metadata"]["summary_for_turns"][1] = 99
    stored = await session.get_items_with_metadata()
    assert stored[0]["metadata"]["summary_for_turns"] == stored[1]["metadata"]["summary_for_turns"] == [1, 1]


async def test_a_failed_summary_is_retried_once_per_new_turn_not_per_write():
    down = FailingSummarizer(ConnectionError("down"))
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=down)
    await session.add_items(turn(1))
    await session.add_items([user("question 2")])  # the runner writes a turn in several batches
    await session.add_items([call("c9"), output("c9")])
    await session.add_items([assistant("answer 2")])
    assert down.calls == 1
    await session.add_items([user("question 3")])
    assert down.calls == 2
    await session.set_limits(context_limit=1)  # an explicit retry
    assert down.calls == 3


@pytest.mark.parametrize(
    "change, name",
    [({"context_limit": 0}, "context_limit"), ({"keep_last_n_turns": 9}, "keep_last_n_turns"),
     ({"keep_last_n_turns": -1}, "keep_last_n_turns"), ({"context_limit": 1}, "keep_last_n_turns")],
)
async def test_set_limits_checks_the_limits_together(change, name):
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4)
    with pytest.raises(ValueError, match=name):
        await session.set_limits(**change)
    assert (session.context_limit, session.keep_last_n_turns) == (4, 2)
    await session.set_limits(context_limit=6, keep_last_n_turns=6)
    assert (session.context_limit, session.keep_last_n_turns) == (6, 6)


@pytest.mark.parametrize("attribute", ["context_limit", "keep_last_n_turns", "max_tokens"])
def test_limits_change_only_through_set_limits(attribute):
    """An assignment could take neither the lock nor the log: it is refused, naming set_limits."""
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4)
    with pytest.raises(AttributeError, match=rf"set_limits\({attribute}="):
        setattr(session, attribute, 3)
    assert (session.context_limit, session.keep_last_n_turns, session.max_tokens) == (4, 2, None)


async def test_a_rule_that_raises_is_a_recorded_failure_not_an_exception():
    def broken(items):
        raise KeyError("oops")

    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer(), gate=FidelityGate([broken]))
    await fill(session, 2)
    assert session.summary_events[-1].status == "failed"
    assert "KeyError" in session.summary_events[-1].error
    assert await session.get_items() == turn(1) + turn(2)


async def test_a_non_text_shadow_prompt_is_refused():
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=ReturningSummarizer((123, "fine summary")))
    await fill(session, 2)
    assert "shadow prompt must be text" in session.summary_events[-1].error
    assert await session.get_items() == turn(1) + turn(2)


@pytest.mark.parametrize(
    "timeout, error",
    [(0, ValueError), (-1, ValueError), (float("nan"), ValueError), (float("inf"), ValueError),
     ("5", TypeError), (True, TypeError)],
)
def test_summary_timeout_is_validated(timeout, error):
    with pytest.raises(error, match="summary_timeout"):
        SummarizingSession(summary_timeout=timeout)


def test_cut_tool_outputs_still_name_their_identifiers():
    long_output = output("c1", "x" * 700 + " see order ORD-12345")
    text = render_transcript([user("q"), call("c1"), long_output], tool_trim_limit=600)
    assert "identifiers in the cut part: ORD-12345" in text


# ------------------------------------------------- regressions from review


async def test_a_summary_never_swallows_turns_popped_while_it_ran():
    summarizer = GatedSummarizer()
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=summarizer)
    await session.add_items(turn(1) + turn(2))
    adding = asyncio.create_task(session.add_items(turn(3)))  # 3 turns > 2: summarize turns 1-2
    await summarizer.started.wait()
    await session.pop_item()
    await session.pop_item()  # the SDK's correction pattern: turn 3 is gone
    summarizer.release.set()
    await adding
    view = await session.get_items()
    assert count_turns(view) >= 1, view  # never only the synthetic pair
    assert session.summary_events[-1].status == "discarded"
    assert view == turn(1) + turn(2)


async def test_a_must_keep_rule_returning_numbers_is_checked_as_text():
    session = SummarizingSession(
        keep_last_n_turns=1, context_limit=1, summarizer=ForgetfulSummarizer(), gate=FidelityGate([lambda items: [12341]])
    )
    await fill(session, 2)  # no exception from add_items
    assert session.summary_events[-1].status == "rejected"
    assert "12341" in session.summary_events[-1].error
    assert await session.get_items() == turn(1) + turn(2)


async def test_the_gate_tells_the_summarizer_what_to_keep_even_past_the_cut():


    secret = "482131"  # not identifier-shaped, so the cut transcript would not name it
    long_output = output("c1", "x" * 700 + f" reference number {secret}")
    summarizer = LLMSummarizer(offline_client(OfflineAPI()), tool_trim_limit=600)
    session = SummarizingSession(
        keep_last_n_turns=1, context_limit=1, summarizer=summarizer, gate=FidelityGate([r"\b\d{6}\b"])
    )
    await session.add_items([user("Where is my refund?"), call("c1"), long_output, assistant("Checking.")])
    await session.add_items(turn(2))
    assert [e.status for e in session.summary_events] == ["applied"]
    assert secret in session.summary_text


async def test_a_summarizer_without_must_keep_still_works_with_the_gate():
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer(), gate=FidelityGate([r"question \d"]))
    await fill(session, 2)
    assert session.summary_events[-1].status == "applied"


async def test_a_str_subclass_from_the_summarizer_is_stored_as_plain_text():
    class Text(str):
        pass

    fancy = ReturningSummarizer((Text("recap"), Text("the summary")))
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=fancy)
    await fill(session, 2)
    view = await session.get_items()
    assert view[0]["content"] == "recap" and type(view[0]["content"]) is str
    assert type(view[1]["content"]) is str


async def test_clear_session_forgets_an_earlier_failure():
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=FailingSummarizer())
    await fill(session, 3)
    assert session.summary_events[-1].status == "failed"
    await session.clear_session()
    session.summarizer = EchoSummarizer()
    await fill(session, 3)
    assert [e.status for e in session.summary_events] == ["applied"]


async def test_the_summary_pair_does_not_share_metadata_lists():
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=EchoSummarizer())
    await fill(session, 2)
    records = await session.get_items_with_metadata()
    records[0]["metadata"]["summary_for_turns"][0] = 999
    assert records[1]["metadata"]["summary_for_turns"][0] != 999


async def test_a_repairing_gate_applies_the_summary_with_the_dropped_facts():
    session = SummarizingSession(
        keep_last_n_turns=1, context_limit=1, summarizer=ForgetfulSummarizer(),
        gate=FidelityGate([r"question \d"], "repair"),
    )
    await fill(session, 2)
    event = session.summary_events[-1]
    assert event.status == "applied" and event.repaired == ("question 1",)
    assert "The customer had an order problem." in session.summary_text
    assert "question 1" in session.summary_text  # carried over verbatim
    assert (await session.get_items())[2:] == turn(2)


def test_the_gate_is_a_fidelity_gate_at_construction_and_assignment():
    with pytest.raises(TypeError, match="gate must be a FidelityGate"):
        SummarizingSession(gate="repair")
    session = SummarizingSession()
    repairing = FidelityGate([r"A-\d+"], "repair")
    session.gate = repairing
    with pytest.raises(TypeError, match="gate must be a FidelityGate"):
        session.gate = "loose"
    assert session.gate is repairing


async def test_the_gate_wants_the_whole_fact_not_a_longer_identifier():
    near = ReturningSummarizer(("recap", "Order ORD-73914 is late."))
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=near, gate=FidelityGate([r"ORD-7391\b"]))
    await session.add_items([user("My order is ORD-7391."), assistant("Checking.")])
    await session.add_items(turn(2))
    assert session.summary_events[-1].status == "rejected"


async def test_must_keep_facts_with_newlines_stay_one_line_each_in_the_prompt():
    facts = ["ORD-1 (*)", "line1\nline2", "**bold**"]
    prompt = summary_prompt(None, facts)
    listed = prompt.splitlines()[prompt.splitlines().index(MUST_KEEP_RULE) + 1 :][:3]
    assert [json.loads(line.removeprefix("  - ")) for line in listed] == facts
    # the offline model reads the list back and keeps every fact verbatim
    summarizer = LLMSummarizer(offline_client())
    _, summary = await summarizer.summarize([user("hello"), assistant("hi")], must_keep=facts)
    assert all(fact in summary for fact in facts)


# --- text no request can carry (a lone surrogate) never becomes a summary -----------------

LONE_SURROGATE = "\udcff"  # what bytes decoded with errors="surrogateescape" leave in text


@pytest.mark.parametrize("backing", ["memory", "sqlite-file"])
async def test_a_summary_holding_a_lone_surrogate_is_a_failed_summary_and_the_next_turn_runs(backing, tmp_path, api):
    from agents import Runner

    from memlab.scenario import support_agent

    store = SQLiteSession("poison", tmp_path / "chat.db") if backing == "sqlite-file" else None
    summarizer = ReturningSummarizer(("recap", f"The customer is Ada {LONE_SURROGATE}."))
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=summarizer, session_id="poison", store=store)
    agent = support_agent()
    try:
        await Runner.run(agent, "Hi, I am Ada.", session=session)
        await Runner.run(agent, "My laptop will not charge.", session=session)  # a summary is due here
        assert [e.status for e in session.summary_events] == ["failed"]
        assert "the summary holds a lone surrogate" in session.last_summary_error
        assert not any(r["metadata"]["synthetic"] for r in await session.get_items_with_metadata())
        # the next turn reaches the model (before the fix: UnicodeEncodeError on every run)
        third = await Runner.run(agent, "Are you still there?", session=session)
        assert third.final_output
        assert [item for item in await session.get_items() if item.get("role") == "user"][0] == user("Hi, I am Ada.")
    finally:
        if store is not None:
            store.close()


async def test_a_shadow_prompt_holding_a_lone_surrogate_is_a_failed_summary():
    session = SummarizingSession(1, 1, ReturningSummarizer((f"recap {LONE_SURROGATE}", "a fine summary")))
    await fill(session, 2)
    assert session.summary_events[-1].status == "failed"
    assert "the shadow prompt holds a lone surrogate" in session.last_summary_error
    assert await session.get_items() == turn(1) + turn(2)


async def test_a_repairing_gate_never_appends_a_fact_holding_a_lone_surrogate():
    def customer_name(items):
        return [f"Ada{LONE_SURROGATE}"]

    session = SummarizingSession(
        1, 1, ForgetfulSummarizer(), gate=FidelityGate([customer_name], "repair"),
    )
    await fill(session, 2)
    assert session.summary_events[-1].status == "failed"
    assert "must_keep rule customer_name holds a lone surrogate" in session.last_summary_error
    assert await session.get_items() == turn(1) + turn(2)
    for item in await session.get_items():
        json.dumps(item).encode()  # every stored item can still be sent


class CancelledHelperSummarizer:
    """Awaits a helper task that someone else cancelled: ``CancelledError`` comes out, though nobody cancelled the caller."""

    async def summarize(self, items, *, must_keep=()):
        helper = asyncio.ensure_future(asyncio.sleep(60))
        helper.cancel()
        await helper
        return "recap", "never reached"


class GeneratorExitSummarizer:
    """Raises ``GeneratorExit`` (a ``BaseException``, like ``CancelledError``)."""

    async def summarize(self, items, *, must_keep=()):
        raise GeneratorExit


@pytest.mark.parametrize("summarizer, name", [(CancelledHelperSummarizer(), "CancelledError"),
                                               (GeneratorExitSummarizer(), "GeneratorExit")])
async def test_a_summarizer_raising_cancelled_error_or_generator_exit_is_a_failed_summary(summarizer, name):
    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=summarizer)
    await session.add_items(turn(1))
    await session.add_items(turn(2))  # before: the error escaped after turn 2 was stored, and a retry stored it twice
    assert await session.get_items() == turn(1) + turn(2)
    event = session.summary_events[-1]
    assert event.status == "failed" and event.turns == (1, 1)
    assert f"the summarizer raised {name}" in event.error and "nobody cancelled the caller" in event.error
    session.summarizer = EchoSummarizer()
    await session.add_items(turn(3))  # the next turn summarizes as usual
    assert session.summary_events[-1].status == "applied"


async def test_cancelling_the_caller_while_it_summarizes_still_cancels_it():
    started = asyncio.Event()

    class Waits:
        async def summarize(self, items, *, must_keep=()):
            started.set()
            await asyncio.Event().wait()

    session = SummarizingSession(keep_last_n_turns=1, context_limit=1, summarizer=Waits())
    await session.add_items(turn(1))
    task = asyncio.create_task(session.add_items(turn(2)))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert task.cancelled()
    assert await session.get_items() == turn(1) + turn(2)  # stored before the summary began
    assert not any(event.status == "failed" for event in session.summary_events)


async def test_a_store_raising_cancelled_error_after_the_write_is_a_recorded_failure_not_a_duplicate():
    store = FlakyStore(SQLiteSession("cancelled-read"), read_error=asyncio.CancelledError())
    session = SummarizingSession(1, 1, EchoSummarizer(), store=store)
    await session.add_items(turn(1))
    store.fail_reads_after_writes = True  # the write lands, then the re-read to summarize raises CancelledError
    await session.add_items(turn(2))  # before: CancelledError escaped, so a caller retried a turn that was saved
    assert session.summary_events[-1].status == "failed"
    assert "summarizing after the write failed: CancelledError" in session.summary_events[-1].error
    store.fail_reads = store.fail_reads_after_writes = False
    users = [item for item in await session.get_items() if item.get("role") == "user"]
    assert users.count(user("question 2")) == 1


async def test_each_cookbook_principle_says_truly_whether_its_edit_changes_the_offline_note(api) -> None:
    # Notebook 03's table prints COOKBOOK_PRINCIPLES' `offline` texts beside what each edit changed in the
    # offline note on the router's turns 1-3; a text that says "No change offline" must be right about it.
    from memlab.evals import run
    from memlab.scenario import ROUTER

    full = await run(ROUTER, "full")
    replaced = [item for items in full.history[:3] for item in items]
    client = offline_client(api)
    _, unedited = await LLMSummarizer(client, prompt=SUMMARY_PROMPT).summarize(replaced)
    for principle in COOKBOOK_PRINCIPLES:
        if principle.edit is None:
            continue
        _, note = await LLMSummarizer(client, prompt=principle.edit.apply(SUMMARY_PROMPT)).summarize(replaced)
        says_unchanged = principle.offline.startswith("No change offline")
        assert says_unchanged == (note == unedited), f"{principle.name}: {principle.offline!r}"
