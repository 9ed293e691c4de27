"""The OpenAI cookbook's summarizing session had twelve defects; each is a test memlab passes.

The appendix notebook (``notebooks/99_appendix_cookbook_defects.ipynb``) shows
each one to a learner; the checks that guard memlab against them live here.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from agents import Runner
from agents.memory import Session

from memlab import SHADOW_PROMPT, LLMSummarizer, SummarizationError, SummarizingSession, render_transcript, summary_prompt
from memlab.offline.checks import check_request
from memlab.offline.client import offline_client
from memlab.scenario import INSTRUCTIONS, ROUTER, support_agent
from memlab.turns import count_turns, item_type, split_turns

from .fakes import FailingSummarizer, SlowSummarizer
from .helpers import offline_summarizer, orphans, scripted, sdk_pruned

_, ROUTER_TURNS = split_turns(scripted(ROUTER))


async def router_session(**kwargs) -> SummarizingSession:
    session = SummarizingSession(**{"keep_last_n_turns": 2, "context_limit": 4, "summarizer": offline_summarizer(), **kwargs})
    for turn in ROUTER_TURNS:
        await session.add_items(turn)
    return session


async def test_1_tool_items_are_stored_verbatim_and_are_not_turns() -> None:
    session = SummarizingSession(2, 4, offline_summarizer())
    for turn in ROUTER_TURNS[:4]:
        await session.add_items(turn)
    view = await session.get_items()
    assert session.summary_events == [] and count_turns(view) == 4
    assert "function_call_output" in [item_type(item) for item in view]


async def test_2_bookkeeping_never_reaches_the_model() -> None:
    view = await (await router_session()).get_items()
    check_request({"model": "gpt-4.1-mini", "input": view})  # a 400 would raise
    assert all("metadata" not in item and "name" not in item for item in view if item_type(item) == "message")


def test_3_list_of_parts_content_is_read() -> None:
    reply = ROUTER_TURNS[0][-1]
    assert isinstance(reply["content"], list)
    assert render_transcript([reply]).startswith("ASSISTANT: ")


async def test_4_concurrent_writes_lose_no_turn() -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=SlowSummarizer(0.05))
    await session.add_items(ROUTER_TURNS[0])
    await session.add_items(ROUTER_TURNS[1])
    await asyncio.gather(*(session.add_items(turn) for turn in ROUTER_TURNS[2:]))
    meta = [r["metadata"] for r in await session.get_items_with_metadata()]
    first, last = meta[0]["summary_for_turns"]
    covered, kept = set(range(first, last + 1)), {m["turn"] for m in meta if not m["synthetic"]}
    assert covered | kept == {1, 2, 3, 4, 5} and not covered & kept


async def test_5_a_failing_or_missing_summarizer_loses_nothing() -> None:
    failing = await router_session(summarizer=FailingSummarizer())
    assert count_turns(await failing.get_items()) == 5 and failing.summary_events[-1].status == "failed"
    missing = await router_session(summarizer=None)
    assert count_turns(await missing.get_items()) == 5 and "unavailable" not in str(await missing.get_items())


async def test_6_keep_last_n_turns_0_keeps_the_question() -> None:
    view = await (await router_session(keep_last_n_turns=0)).get_items()
    assert view[-2]["content"] == ROUTER.user_turns[-1]


async def test_7_pop_item_never_splits_the_synthetic_pair() -> None:
    session = await router_session()
    while (await session.get_items_with_metadata())[-1]["metadata"].get("kind") != "history_summary":
        await session.pop_item()
    await session.pop_item()
    assert await session.get_items() == []


async def test_8_limit_follows_the_sdk_rule_exactly_and_the_sdk_prunes_what_it_orphans() -> None:
    session = await router_session(summarizer=None)
    full = await session.get_items()
    assert await session.get_items(limit=0) == [] and await session.get_items(limit=-1) == []
    for limit in range(1, len(full) + 2):
        view = await session.get_items(limit=limit)
        assert view == full[-limit:]  # exact: the SDK's rewind counts on it
        assert not orphans(sdk_pruned(view, limited=True))


async def test_9_reads_return_copies() -> None:
    session = await router_session()
    view = await session.get_items()
    view[-1]["content"] = "tampered"
    assert (await session.get_items())[-1]["content"] != "tampered"


# Each bad setting and the error memlab must raise for it, even under ``python -O``.
BAD_SETTINGS = {"context_limit=0": "ValueError", "keep_last_n_turns=5": "ValueError", "context_limit=2.5": "TypeError"}

# One ``python -O`` process tries every bad setting and prints one JSON object:
# whether asserts were stripped, and the error each setting raised (or 'accepted').
DASH_O_CHILD = """
import json
from memlab import SummarizingSession
outcomes = {}
for bad in %r:
    try:
        eval(f"SummarizingSession({bad})")
    except Exception as e:
        outcomes[bad] = type(e).__name__
    else:
        outcomes[bad] = "accepted"
print(json.dumps({"asserts_stripped": not __debug__, "outcomes": outcomes}))
"""


@pytest.mark.process
def test_10_validation_survives_python_dash_o() -> None:
    """The cookbook validated with ``assert``, which ``python -O`` removes; memlab's checks still raise.

    One ``python -O`` process (starting one costs seconds) tries each bad setting; each is checked here.
    """
    code = DASH_O_CHILD % (list(BAD_SETTINGS),)
    result = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True, timeout=60, check=True)
    report = json.loads(result.stdout)
    assert report["asserts_stripped"], "the child did not run with -O: asserts were still on"
    for bad, error in BAD_SETTINGS.items():
        got = report["outcomes"].get(bad)
        assert got == error, f"under python -O, SummarizingSession({bad}) gave {got}, expected {error}"


async def test_10_changing_the_limits_waits_for_the_lock() -> None:
    """The cookbook's ``set_max_turns`` was synchronous and unlocked; ``set_limits`` waits its turn."""
    session = await router_session(summarizer=None)
    async with session._lock:  # another operation in progress
        change = asyncio.create_task(session.set_limits(context_limit=5, keep_last_n_turns=1))
        await asyncio.sleep(0.05)
        assert not change.done() and session.context_limit == 4
    await change
    assert (session.context_limit, session.keep_last_n_turns) == (5, 1)


async def test_10_the_sdk_s_session_settings_limit_is_honoured(api) -> None:
    """The cookbook's class had no ``session_settings``; memlab's default read limit comes from it."""
    session = SummarizingSession(2, 4, None, "limited", session_settings={"limit": 3})
    for turn in ROUTER_TURNS:
        await session.add_items(turn)
    everything = await session.get_items(limit=10**6)
    assert await session.get_items() == everything[-3:]
    assert isinstance(session, Session)
    result = await Runner.run(support_agent(), "Thanks!", session=session)  # the runner reads the same setting
    assert result.final_output


async def test_11_the_prompt_shows_the_rules_it_checks_and_a_cut_answer_is_an_error() -> None:
    assert "The agent's rules" in summary_prompt(INSTRUCTIONS)
    assert "The agent's rules" not in summary_prompt()
    with pytest.raises(SummarizationError, match="incomplete"):
        await LLMSummarizer(offline_client(), max_tokens=16).summarize([item for turn in ROUTER_TURNS for item in turn])


async def test_12_the_router_demo_ends_as_the_notebooks_say() -> None:
    session = await router_session()
    items = await session.get_items()
    assert len(items) == 6 and items[0]["content"] == SHADOW_PROMPT
    assert [e.turns for e in session.summary_events if e.status == "applied"][0] == (1, 3)
