"""TieredSession: tool-output trimming first, a summary only when the trimmed view is over budget."""

from __future__ import annotations

import pytest
from agents import RunConfig, SQLiteSession
from agents.extensions.tool_output_trimmer import ToolOutputTrimmer

from memlab import FidelityGate, SummaryStatus, TieredSession
from memlab.beyond.tiered import trimmed_by
from memlab.tokens import count_items

from ..fakes import ForgetfulSummarizer, ReturningSummarizer
from memlab.items import assistant, call, output, user

BIG = "reading " * 400  # a tool output of about 400 tokens


def tool_turn(n: int, text: str = BIG) -> list[dict]:
    return [user(f"question {n}"), call(f"c{n}"), output(f"c{n}", f"ORD-1000{n} {text}"), assistant(f"answer {n}", f"msg_{n}")]


async def test_the_budget_counts_what_the_trimmer_will_send_not_what_is_stored() -> None:
    """Raw history is far over the budget, but the trimmed view fits: no summary is made."""
    trimmer = ToolOutputTrimmer()
    history = [item for n in range(1, 5) for item in tool_turn(n)]
    raw, seen = count_items(history), count_items(trimmed_by(trimmer, history))
    budget = (raw + seen) // 2
    assert seen < budget < raw  # the case this test is about

    session = TieredSession(1, ReturningSummarizer(("recap", "SUMMARY: four order lookups")), "t", max_tokens=budget, trimmer=trimmer)
    for n in range(1, 5):
        await session.add_items(tool_turn(n))
    assert session.summary_events == []
    assert await session.get_items() == history  # the store keeps every output whole

    # One more big turn pushes even the trimmed view over: the older turns are folded.
    await session.add_items(tool_turn(5, BIG * 2))
    assert [e.status for e in session.summary_events] == [SummaryStatus.APPLIED]
    items = await session.get_items()
    assert items[2:] == tool_turn(5, BIG * 2)  # the summary pair, then the kept turn verbatim
    assert session.summary_text == "SUMMARY: four order lookups"


async def test_run_config_puts_the_trimmer_before_every_model_call() -> None:
    trimmer = ToolOutputTrimmer(recent_turns=1)
    session = TieredSession(max_tokens=1000, trimmer=trimmer)
    config = session.run_config(workflow_name="support")
    assert isinstance(config, RunConfig)
    assert config.call_model_input_filter is trimmer and config.workflow_name == "support"


async def test_every_summarizing_keyword_is_explicit_and_reaches_the_session() -> None:
    gate = FidelityGate([r"ORD-\d{5}"])
    store = SQLiteSession("tiered")
    session = TieredSession(
        1, ForgetfulSummarizer(), "tiered", max_tokens=200, context_limit=3, gate=gate,
        summary_timeout=5, session_settings={"limit": 50}, store=store,
    )
    assert (session.context_limit, session.keep_last_n_turns, session.max_tokens) == (3, 1, 200)
    assert session.gate is gate and session.summary_timeout == 5.0 and session.session_settings.limit == 50
    assert session.store is store
    for n in range(1, 5):  # context_limit=3 is passed four turns, so a summary is due
        await session.add_items(tool_turn(n, "short"))
    assert session.summary_events[-1].status == SummaryStatus.REJECTED  # the gate saw it drop the order numbers
    assert (await SQLiteSession.get_items(store))  # the log lives in the store given


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"max_tokens": None}, ValueError, "needs max_tokens"),
        ({"max_tokens": 0}, ValueError, "max_tokens"),
        ({"max_tokens": 100, "trimmer": "aggressive"}, TypeError, "ToolOutputTrimmer"),
        ({"max_tokens": 100, "gate": "repair"}, TypeError, "FidelityGate"),
        ({"max_tokens": 100, "keep_last_n_turns": 4, "context_limit": 3}, ValueError, "keep_last_n_turns"),
        ({"max_tokens": 100, "mystery": 1}, TypeError, "mystery"),
    ],
)
def test_bad_arguments_are_refused_at_construction(kwargs, error, match) -> None:
    with pytest.raises(error, match=match):
        TieredSession(**kwargs)
