"""Kernel-free widget tests: set traits and slider values as a front end would."""

from __future__ import annotations


import pytest
import traitlets

from memlab import FidelityGate, SummarizingSession, TrimmingSession
from memlab.offline import OfflineSummarizer, configure
from memlab.offline import transcript
from memlab.scenario import LAPTOP, LONG, ROUTER
from memlab.views import Transcript
from memlab.widgets import ChatPanel, ComparisonExplorer, SummarizingExplorer, TrimmingExplorer


def turns_of(items):
    """Split a transcript into per-turn item lists (user message first)."""
    turns = []
    for item in items:
        if item.get("role") == "user" and item.get("type", "message") == "message":
            turns.append([])
        turns[-1].append(item)
    return turns


async def replay_trimming(items, max_turns, upto):
    session = TrimmingSession("check", max_turns=max_turns)
    for turn in turns_of(items)[:upto]:
        await session.add_items(turn)
    return await session.get_items()


async def replay_summarizing(items, context_limit, keep, upto, must_keep=()):
    session = SummarizingSession(keep, context_limit, OfflineSummarizer(), gate=FidelityGate(list(must_keep)) if must_keep else None)
    for turn in turns_of(items)[:upto]:
        await session.add_items(turn)
    return session


async def test_trimming_explorer_matches_the_session_at_every_setting():
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    items = transcript(LAPTOP)
    assert explorer.turn == 5
    assert explorer.view.items == await replay_trimming(items, 3, 5)
    for max_turns in (1, 2, 4):
        explorer.max_turns_slider.value = max_turns  # what a drag does
        assert explorer.max_turns == max_turns
        assert explorer.view.items == await replay_trimming(items, max_turns, 5)
    for turn in (1, 3):
        explorer.play.value = turn  # the play button drives the turn slider
        assert explorer.turn_slider.value == turn and explorer.turn == turn
        assert explorer.view.items == await replay_trimming(items, 4, turn)


def test_trimming_explorer_statuses_and_counters():
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    rows = explorer.view.rows
    assert set(rows.loc[rows["turn"] <= 2, "status"]) == {"dropped"}
    assert set(rows.loc[rows["turn"] >= 3, "status"]) == {"sent"}
    c = explorer.view.counters
    assert c["view_items"] == len(explorer.view.items) == (rows.status == "sent").sum()
    assert c["view_tokens"] == rows.loc[rows.status == "sent", "tokens"].sum()
    assert c["full_items"] == len(transcript(LAPTOP))
    assert c["view_tokens"] < c["full_tokens"]
    assert f"{c['view_tokens']}</b> tokens" in explorer.counters.value
    assert explorer.table.value.count("<tr style=") == len(rows)
    assert "line-through" in explorer.table.value


@pytest.mark.parametrize("bad", [0, -2])
def test_trimming_explorer_rejects_invalid_max_turns(bad):
    explorer = TrimmingExplorer(ROUTER, max_turns=2)
    with pytest.raises(traitlets.TraitError, match="max_turns"):
        explorer.max_turns = bad
    assert explorer.max_turns == 2
    with pytest.raises(traitlets.TraitError):
        explorer.turn = 99


def test_max_turns_set_from_code_moves_the_slider():
    explorer = TrimmingExplorer(LONG, max_turns=3)
    explorer.max_turns = 12
    assert explorer.max_turns_slider.value == 12


async def test_summarizing_explorer_matches_the_session():
    explorer = SummarizingExplorer(ROUTER, context_limit=4, keep_last_n_turns=2)
    session = await replay_summarizing(transcript(ROUTER), 4, 2, 5, ROUTER.must_keep_patterns())
    assert explorer.view.items == await session.get_items()
    assert len(explorer.view.items) == 6
    assert explorer.view.summary_text == session.summary_text
    assert "ORD-48213" in explorer.view.summary_text
    assert explorer.view.summarized_at == (5,)
    rows = explorer.view.rows
    assert set(rows.loc[rows["turn"].isin([1, 2, 3]) & (rows.status != "summary"), "status"]) == {"summarized"}
    assert (rows.status == "summary").sum() == 2
    assert "ORD-48213" in explorer.summary.value and "after turns:</b> 5" in explorer.summary.value


async def test_summarizing_explorer_follows_its_sliders():
    explorer = SummarizingExplorer(LONG, context_limit=4, keep_last_n_turns=2)
    items = transcript(LONG)
    explorer.context_slider.value = 6
    explorer.keep_slider.value = 3
    explorer.turn_slider.value = 20
    session = await replay_summarizing(items, 6, 3, 20, LONG.must_keep_patterns())
    assert explorer.view.items == await session.get_items()
    assert explorer.view.summary_text == session.summary_text


def test_linked_bounds_hold():
    explorer = SummarizingExplorer(LONG, context_limit=4, keep_last_n_turns=3)
    explorer.context_slider.value = 2
    assert explorer.keep_last_n_turns == 2 and explorer.keep_slider.max == 2
    with pytest.raises(traitlets.TraitError, match="must not exceed"):
        explorer.keep_last_n_turns = 3
    with pytest.raises(traitlets.TraitError, match="context_limit"):
        explorer.context_limit = 0
    with pytest.raises(traitlets.TraitError):
        SummarizingExplorer(ROUTER, context_limit=2, keep_last_n_turns=3)


def test_summarizing_views_are_cached_per_parameter_set():
    explorer = SummarizingExplorer(LONG, context_limit=4, keep_last_n_turns=2)
    first = explorer.replay()
    explorer.context_limit = 5
    explorer.context_limit = 4
    assert explorer.replay() is first
    assert len(explorer._replays) == 2


def test_custom_summarizer_is_used():
    class Short:
        async def summarize(self, items, *, must_keep=()):
            return "recap?", "short summary " + " ".join(i.get("content", "") for i in items if isinstance(i.get("content"), str))

    explorer = SummarizingExplorer(ROUTER, context_limit=2, keep_last_n_turns=1, summarizer=Short(), must_keep=[])
    assert explorer.view.summary_text.startswith("short summary")


def test_comparison_explorer():
    explorer = ComparisonExplorer(LONG, max_turns=3, context_limit=4, keep_last_n_turns=2)
    costs = explorer.costs
    assert list(costs.columns) == ["full history", "trimming", "summarizing"]
    assert len(costs) == len(LONG.user_turns)
    assert (costs["full history"] >= costs["trimming"]).all()
    assert costs["full history"].iloc[-1] > 2 * costs["trimming"].iloc[-1]
    explorer.turn_slider.value = 10
    table = explorer.table()
    assert table.loc["full history", "items"] == len(Transcript.of(LONG).upto(10))
    assert "After turn 10" in explorer.side_by_side.value
    assert explorer.plot.value.lstrip().startswith("<?xml")


def test_chat_panel_send_runs_a_turn_and_updates_the_view():
    configure("offline")
    session = TrimmingSession("chat", max_turns=1)
    panel = ChatPanel(session)
    panel.input.value = "My order ORD-55555 never arrived."
    panel.send_button.click()
    assert panel.lines[0] == ("you", "My order ORD-55555 never arrived.")
    assert "ORD-55555" in panel.history.value
    assert any("ORD-55555" in str(i) for i in panel.view_items)
    panel.input.value = "Please contact me by email."
    panel.send_button.click()
    # max_turns=1: the order turn is gone from the next run's view
    assert "ORD-55555" not in panel.history.value
    assert not panel.send_button.disabled


async def test_chat_panel_send_inside_a_running_loop():
    configure("offline")
    panel = ChatPanel(SummarizingSession(1, 2, OfflineSummarizer()))
    panel.input.value = "My router NetHub AX3000 drops wifi."
    panel.send_button.click()  # a loop is running: the send is scheduled on it
    assert panel.pending is not None
    result = await panel.pending
    assert result is not None and panel.lines[-1][0] == "agent"


def test_chat_panel_reports_errors():
    class Broken:
        session_id = "broken"
        session_settings = None

        async def get_items(self, limit=None):
            return []

        async def add_items(self, items):
            raise RuntimeError("disk full")

        async def pop_item(self):
            return None

        async def clear_session(self):
            pass

    configure("offline")
    panel = ChatPanel(Broken())
    panel.input.value = "hello"
    panel.send_button.click()
    assert "disk full" in panel.status.value
