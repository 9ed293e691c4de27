"""Token budgets: ``max_tokens`` in both sessions, checked as properties over random conversations."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlab import SummarizingSession, TrimmingSession, trim_view
from memlab.tokens import count_item, count_items

from .fakes import EchoSummarizer
from memlab.items import assistant, call, output, user
from .helpers import orphans


def tool_turn(n: int, size: int) -> list[dict]:
    """A turn whose tool output holds ``size`` words: from a few tokens to thousands."""
    if size == 0:
        return [user(f"question {n}"), assistant(f"answer {n}", f"msg_{n}")]
    return [user(f"question {n}"), call(f"c{n}"), output(f"c{n}", "word " * size), assistant(f"answer {n}", f"msg_{n}")]


conversations = st.lists(st.integers(min_value=0, max_value=400), min_size=1, max_size=12).map(
    lambda sizes: [tool_turn(n, size) for n, size in enumerate(sizes, start=1)]
)
budgets = st.integers(min_value=1, max_value=3000)


def newest_turn(items: list[dict]) -> list[dict]:
    start = max(i for i, item in enumerate(items) if item.get("role") == "user")
    return items[start:]


def assert_within_budget(view: list[dict], history: list[dict], budget: int) -> None:
    """The budget rule: within it, or exactly the newest turn when that turn alone is over it."""
    if count_items(newest_turn(history)) > budget:
        assert view == newest_turn(history)
    else:
        assert count_items(view) <= budget
    assert view == history[len(history) - len(view) :]  # a suffix of history...
    assert view[0].get("role") == "user"  # ...that starts at a turn boundary
    assert not orphans(view)


@settings(deadline=None)  # the first example loads the tokenizer
@given(conversations, budgets)
def test_trim_view_keeps_the_newest_whole_turns_that_fit(turns, budget) -> None:
    history = [item for turn in turns for item in turn]
    view = trim_view(history, max_tokens=budget)
    assert_within_budget(view, history, budget)
    # and it is the *largest* such suffix: one more turn would not fit
    older = len(history) - len(view)
    if older:
        previous = max(i for i in range(older) if history[i].get("role") == "user")
        assert count_items(history[previous:]) > budget or view == newest_turn(history)


@settings(deadline=None)
@given(conversations, budgets, st.integers(min_value=1, max_value=6))
def test_with_max_turns_both_limits_apply(turns, budget, max_turns) -> None:
    history = [item for turn in turns for item in turn]
    view = trim_view(history, max_turns, budget)
    assert sum(item.get("role") == "user" for item in view) <= max_turns
    assert view == trim_view(trim_view(history, max_turns), max_tokens=budget)


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(conversations, budgets)
async def test_a_trimming_session_on_a_budget_never_sends_more(turns, budget) -> None:
    session = TrimmingSession("budget", max_turns=100, max_tokens=budget)
    history: list[dict] = []
    for turn in turns:
        await session.add_items(turn)
        history += turn
        assert_within_budget(await session.get_items(), history, budget)


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(conversations, st.integers(min_value=50, max_value=2000), st.integers(min_value=0, max_value=2))
async def test_a_summarizing_session_on_a_budget_summarizes_or_says_why_not(turns, budget, keep) -> None:
    summarizer = EchoSummarizer(prefix="S: ")
    session = SummarizingSession(keep, None, summarizer, max_tokens=budget)
    for number, turn in enumerate(turns, start=1):
        await session.add_items(turn)
        view = await session.get_items()
        over = count_items(view) > budget
        if over:  # only when nothing older is left to fold, and then it says so
            assert session.summary_events and session.summary_events[-1].status == "over_budget"
        assert len(session.summary_events) <= 2 * number  # never a loop
        kept = [item for item in view if item.get("role") == "user" and not item["content"].startswith("recap")]
        assert kept and kept[-1] == user(f"question {number}")  # the newest turn is always there, verbatim


async def test_the_newest_turn_alone_over_budget_is_kept_whole_and_recorded() -> None:
    big = tool_turn(2, 800)
    session = SummarizingSession(1, None, EchoSummarizer(), max_tokens=100)
    await session.add_items(tool_turn(1, 0))
    await session.add_items(big)
    view = await session.get_items()
    assert view[2:] == big  # the summary pair, then the big turn verbatim
    assert session.summary_events[-1].status == "over_budget"
    assert "over max_tokens=100" in session.summary_events[-1].error
    await session.add_items([user("question 3")])  # still over: no new event within the same turn count
    assert [e.status for e in session.summary_events].count("over_budget") <= 2


@pytest.mark.parametrize(
    "value, error", [(0, ValueError), (-5, ValueError), (2.5, TypeError), ("100", TypeError), (True, TypeError)]
)
def test_a_bad_budget_is_refused_naming_max_tokens(value, error) -> None:
    with pytest.raises(error, match="max_tokens"):
        TrimmingSession("t", max_tokens=value)
    with pytest.raises(error, match="max_tokens"):
        SummarizingSession(max_tokens=value)


async def test_set_limits_changes_the_budget_and_trims_at_once() -> None:
    session = TrimmingSession("t", max_turns=10)
    for n in range(1, 6):
        await session.add_items(tool_turn(n, 50))
    await session.set_limits(max_tokens=count_items(tool_turn(5, 50)))
    assert await session.get_items() == tool_turn(5, 50)
    await session.set_limits(max_tokens=None)
    assert session.max_tokens is None


def test_the_count_is_memlab_s_tokenizer() -> None:
    turn = tool_turn(1, 10)
    assert trim_view(turn, max_tokens=sum(map(count_item, turn))) == turn
