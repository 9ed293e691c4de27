"""Kernel-free widget tests: set traits and slider values as a front end would, read the derived state.

Without a running event loop an explorer replays a new setting before the
assignment returns; inside one (the async tests below, like a kernel) it runs
as a task and ``await explorer.ready()`` waits for it. Work ahead (the settings
one slider move away, replayed in the background) starts when a test sets
``_view_count`` as a front end would, or calls ``compute_ahead()``; a test
that needs it stopped mid-replay gives it a pace that waits on an event.
"""

from __future__ import annotations

import asyncio
import html
import re
import weakref

import pandas as pd
import pytest
from agents import Agent, Runner
from agents.testing import ScriptedModel

from memlab import offline
from memlab.api import mode, wire
from memlab.scenario import LAPTOP, LONG, ROUTER, Conversation
from memlab.lab.views import fact_rows
from memlab.lab.widgets import ChatPanel, ComparisonExplorer, SummarizingExplorer, TrimmingExplorer, clear_replays
from memlab.lab.widgets._replays import FOREGROUND, REPLAYS, weight

from ..fakes import FailingSummarizer


@pytest.fixture(autouse=True)
def fresh(api: offline.OfflineAPI) -> offline.OfflineAPI:
    """Offline (the shared ``api`` fixture), with an empty replay cache, so each test counts its own requests."""
    clear_replays()
    return api


def shown(widget) -> str:
    """The text a reader sees in an HTML widget (tags stripped, entities decoded)."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def probe_row(replay, fact: str):
    return replay.turns.set_index("probe").loc[fact]


def test_under_max_turns_3_the_agent_forgets_what_full_history_remembers() -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    assert explorer.turn == 5
    assert probe_row(explorer.baseline, "contact_channel")["correct"]  # full history: answered right
    assert not probe_row(explorer.replay, "contact_channel")["correct"]  # the window lost turn 1
    assert "I don't know" in shown(explorer.answer) and "✗" in shown(explorer.answer)
    explorer.sliders["max_turns"].value = 5  # what a drag does
    assert explorer.max_turns == 5 and "✓" in shown(explorer.answer)
    assert "email" in shown(explorer.answer).split("Agent:")[1] and "✓" in shown(explorer.answer)


def test_the_counters_are_the_usage_the_api_reported(fresh) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=2)
    served = [r for r in fresh.requests if r.status == 200]
    replay_requests = int(explorer.replay.turns["model_calls"].sum())  # the setting is replayed first
    replay_usage = [r.response["usage"] for r in served[:replay_requests]]  # the trimming replay's requests
    assert sum(u["input_tokens"] for u in replay_usage) == explorer.replay.turns["input_tokens"].sum()
    assert sum(u["output_tokens"] for u in replay_usage) == explorer.replay.turns["output_tokens"].sum()
    calls = explorer.replay.turns.set_index("turn")["model_calls"]
    turn5 = replay_usage[int(calls.loc[:4].sum()) :]
    assert f"input {sum(u['input_tokens'] for u in turn5):,} " in shown(explorer.counters_line)
    full = sum(r.response["usage"]["input_tokens"] + r.response["usage"]["output_tokens"] for r in served[replay_requests:])
    assert len(served) - replay_requests == int(explorer.baseline.turns["model_calls"].sum())
    assert f"of full history's {full:,}" in shown(explorer.counters_line)


def test_a_setting_seen_before_is_shown_without_a_model_call(fresh) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    explorer.max_turns = 1
    before = len(fresh.requests)
    explorer.max_turns = 3
    explorer.max_turns = 1
    assert len(fresh.requests) == before
    assert "from the cache" in explorer.status.value


def test_scrubbing_the_turn_shows_when_a_fact_leaves_the_window() -> None:
    """max_turns=2 keeps two turns of history: turn 3's call still has turn 1, turn 4's has not."""
    explorer = TrimmingExplorer(LAPTOP, max_turns=2)
    facts = {row.fact: row for row in fact_rows(explorer.replay).itertuples()}
    contact = facts["contact_channel"]
    assert (contact.planted, contact.last_seen, contact.forgotten) == (1, 3, 4)
    explorer.play.value = 3  # the play button drives the turn slider
    assert explorer.turn == 3
    history = explorer.history
    assert history.loc[history["turn"] == 1, "status"].eq("sent").all()
    assert "contact_channel" in history.loc[0, "fact"]  # the planting message is pinned
    explorer.turn = 4
    assert explorer.history.loc[explorer.history["turn"] == 1, "status"].eq("dropped").all()
    assert "gone from turn 4" in shown(explorer.facts)


def test_a_fact_the_conversation_repeats_comes_back_into_view() -> None:
    """LONG repeats its order number in turn 26: under max_turns=2 it is gone from turn 5, back for 26-28."""
    explorer = TrimmingExplorer(LONG, max_turns=2)
    missing = explorer.replay.turns.set_index("turn")["facts_missing"]
    back = [t for t in range(6, 33) if "order_number" not in missing[t]]
    assert back and back == list(range(back[0], back[-1] + 1))  # one stretch back in view
    at = {turn: fact_rows(explorer.replay, turn).set_index("fact").loc["order_number"] for turn in (4, back[0], 32)}
    assert at[4].in_view and pd.isna(at[4].forgotten)
    assert at[back[0]].in_view and at[back[0]].forgotten < back[0]
    assert not at[32].in_view and at[32].last_seen == back[-1] and not at[32].at_probe
    explorer.turn = back[0]
    assert "in view again" in shown(explorer.facts)
    explorer.turn = 32
    assert f"last seen in turn {back[-1]}</b>, gone from turn {back[-1] + 1}" in explorer.facts.value


def test_summarizing_shows_the_summary_pair_first_and_folds_older_turns() -> None:
    explorer = SummarizingExplorer(ROUTER, context_limit=2, keep_last_n_turns=1)
    sent = explorer.sent
    assert list(sent["status"][:2]) == ["summary", "summary"]
    assert sent["kind"].iloc[1] == "assistant message"
    assert "ORD-48213" in explorer.replay.sent(explorer.turn)[1]["content"]  # the summary kept the order number
    assert "folded" in set(explorer.history["status"])
    assert probe_row(explorer.replay, "order_number")["correct"]  # the summary kept it


def test_keep_follows_a_lowered_context_limit() -> None:
    explorer = SummarizingExplorer(ROUTER, context_limit=4, keep_last_n_turns=3)
    explorer.sliders["context_limit"].value = 2
    assert (explorer.context_limit, explorer.keep_last_n_turns) == (2, 2)


@pytest.mark.parametrize(("name", "value", "message"), [
    ("max_turns", 0, "max_turns must be >= 1"), ("max_tokens", -5, "max_tokens must be >= 1"), ("turn", 99, "turn must be an integer from 1 to 5"),
])
def test_a_bad_value_is_one_line_in_place_and_the_last_good_state_stays(name, value, message) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    answer = explorer.answer.value
    setattr(explorer, name, value)  # no exception: a widget shows the problem where it happened
    assert message in shown(explorer.status) and "memlab-error" in explorer.status.value
    assert getattr(explorer, name) != value and explorer.answer.value == answer


@pytest.mark.parametrize(("name", "value", "message"), [
    ("max_turns", "3", "max_turns must be an integer, got '3'"), ("max_turns", 2.5, "max_turns must be an integer, got 2.5"),
    ("max_turns", True, "max_turns must be an integer, got True"),
    ("max_tokens", "400", "max_tokens must be an integer (0 or None: no limit), got '400'"),
    ("turn", "2", "turn must be an integer from 1 to 5, got '2'"), ("turn", 2.5, "turn must be an integer from 1 to 5, got 2.5"),
])
def test_a_value_of_the_wrong_type_is_one_line_in_place_not_a_trait_error(name, value, message) -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    before, answer = getattr(explorer, name), explorer.answer.value
    setattr(explorer, name, value)  # before: a TraitError traceback from inside traitlets
    assert message in shown(explorer.status) and "memlab-error" in explorer.status.value
    assert getattr(explorer, name) == before and explorer.answer.value == answer


@pytest.mark.parametrize("explorer_class", [TrimmingExplorer, SummarizingExplorer])
def test_max_tokens_none_is_the_library_s_no_budget_and_the_slider_shows_0(explorer_class) -> None:
    explorer = explorer_class(LAPTOP, max_tokens=400)
    explorer.max_tokens = None  # before: a TraitError
    assert explorer.max_tokens == 0 and explorer.sliders["max_tokens"].value == 0
    assert explorer.params()["max_tokens"] is None and "memlab-error" not in explorer.status.value
    assert explorer_class(LAPTOP, max_tokens=None).params()["max_tokens"] is None


def test_an_integer_of_another_type_is_taken_as_the_integer_it_is() -> None:
    import numpy as np

    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    explorer.max_turns = np.int64(4)
    assert explorer.max_turns == 4 and type(explorer.max_turns) is int and explorer.sliders["max_turns"].value == 4


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"max_turns": "3"}, "max_turns must be an integer, got '3'"), ({"turn": "2"}, "turn must be an integer, got '2'"),
    ({"max_tokens": 2.5}, "max_tokens must be an integer (0 or None: no limit), got 2.5"),
])
def test_a_wrong_type_given_to_the_constructor_is_one_line(kwargs, message) -> None:
    explorer = TrimmingExplorer(LAPTOP, **kwargs)  # before: a TraitError raised from the constructor
    assert message in shown(explorer.status) and explorer.children == (explorer.status,)


def test_the_comparison_turn_of_the_wrong_type_is_one_line() -> None:
    explorer = ComparisonExplorer(LAPTOP, ("trimming", {"max_turns": 3}), ("trimming", {"max_turns": 5}))
    explorer.turn = 2.5  # before: a TraitError
    assert "turn must be an integer from 1 to 5, got 2.5" in shown(explorer.status)
    assert explorer.turn == 5 and explorer.turn_slider.value == 5
    refused = ComparisonExplorer(LAPTOP, turn="2")  # before: a TraitError from the turn slider
    assert "turn must be an integer, got '2'" in shown(refused.status)


async def test_the_chat_refuses_a_max_turns_of_the_wrong_type_in_one_line() -> None:
    chat = ChatPanel(max_turns=3)
    chat.max_turns = 2.5  # before: a TraitError
    assert "max_turns must be an integer >= 1, got 2.5" in shown(chat.status)
    assert chat.max_turns == chat.slider.value == 3
    refused = ChatPanel(max_turns="3")  # before: a TraitError from the slider
    assert "max_turns must be an integer >= 1, got '3'" in shown(refused.status) and refused.max_turns == 3


async def test_the_chat_slider_shows_the_max_turns_the_window_uses() -> None:
    chat = ChatPanel(max_turns=3)
    chat.max_turns = 50  # before: accepted while the slider stayed at 10
    await chat.ready()
    assert chat.max_turns == chat.slider.value == 50 and chat.slider.max >= 50
    assert "(the last 50 turns)" in shown(chat.window)
    chat.slider.value = 2  # and the slider still drives the trait
    await chat.ready()
    assert chat.max_turns == 2 and "(the last 2 turns)" in shown(chat.window)
    wide = ChatPanel(max_turns=20)
    assert wide.max_turns == wide.slider.value == 20


@pytest.mark.parametrize("conversation", [[], Conversation("empty", "no turns", (), (), ()), {"not": "turns"}])
def test_a_conversation_without_user_messages_is_one_line(conversation) -> None:
    explorer = TrimmingExplorer(conversation)
    assert explorer.replay is None and "memlab-error" in explorer.status.value
    assert explorer.children == (explorer.status,)


def test_a_summarizer_that_fails_mid_replay_loses_nothing() -> None:
    explorer = SummarizingExplorer(ROUTER, context_limit=2, keep_last_n_turns=1, summarizer=FailingSummarizer())
    assert explorer.replay is not None and "memlab-error" not in explorer.status.value
    assert explorer.replay.turns["summaries_rejected"].sum() > 0 and explorer.replay.turns["summaries_applied"].sum() == 0
    assert list(explorer.sent["status"]).count("sent") == len(explorer.sent) - 1  # everything still sent verbatim


def test_a_model_that_fails_mid_replay_is_one_line_and_the_last_view_stays() -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    shown = explorer.replay
    broken = Agent(name="broken", model=ScriptedModel([RuntimeError("the model is down")]))
    explorer.agent = broken
    explorer.max_turns = 4
    assert "Could not replay this setting" in explorer.status.value
    assert explorer.replay is shown


async def test_in_a_kernel_a_new_setting_runs_as_a_task_with_a_busy_line_and_progress() -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)  # a loop runs: the first replay is a task too
    assert explorer.pending is not None and explorer.replay is None
    await explorer.ready()
    assert explorer.replay is not None
    explorer.max_turns = 1
    assert explorer.progress.layout.visibility == "visible" and "Replaying" in explorer.status.value
    explorer.max_turns = 2  # the sliders stay live: a newer setting replaces the running one
    await explorer.ready()
    assert explorer.replay.label.startswith("trimming (max_turns=2")
    assert explorer.progress.layout.visibility == "hidden"


async def test_in_a_kernel_the_setting_shows_before_full_history_is_replayed() -> None:
    """On a long conversation full history is the slow replay: the learner's setting is not kept waiting for it."""
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    while explorer.replay is None:  # the first replay runs as a task, as in a kernel
        await asyncio.sleep(0)
    assert explorer.baseline is None and explorer.pending is not None and not explorer.pending.done()
    assert "✗" in shown(explorer.answer)  # the setting's own answer, already shown
    assert "Turns 1–5" in shown(explorer.counters_line) and "of full history" not in shown(explorer.counters_line)
    assert "replaying full history" in shown(explorer.status)
    await explorer.ready()
    assert explorer.baseline is not None and "of full history's" in shown(explorer.counters_line)
    assert explorer.progress.layout.visibility == "hidden" and "full history" not in shown(explorer.status)


def test_the_token_budget_slider_trims_by_tokens() -> None:
    explorer = TrimmingExplorer(LONG, max_turns=12, max_tokens=0)
    unbudgeted = int(explorer.replay.turns["item_tokens"].sum())
    explorer.sliders["max_tokens"].value = 400
    assert explorer.params()["max_tokens"] == 400
    assert int(explorer.replay.turns["item_tokens"].sum()) < unbudgeted


def test_the_comparison_explorer_compares_two_settings_turn_by_turn() -> None:
    explorer = ComparisonExplorer(LAPTOP, ("trimming", {"max_turns": 3}), ("trimming", {"max_turns": 5}))
    table = explorer.at_turn()
    assert list(table["probe"]) == ["✓", "✗", "✓"]
    assert table.loc["full history", "vs full"] == "100%"
    assert all(re.fullmatch(r"\d+%", share) for share in table["vs full"]), list(table["vs full"])  # not 0.287492
    assert list(explorer.costs.columns) == list(table.index)
    explorer.turn = 2
    assert "At turn 2" in explorer.table.value and "<svg" in explorer.plot.value


async def test_the_chat_remembers_a_stated_fact_only_while_it_is_in_the_window() -> None:
    chat = ChatPanel(max_turns=3)
    await chat.send("Hi, my order number is ORD-12345.")
    answer = await chat.send("What is my order number?")
    assert "ORD-12345" in answer.final_output
    await chat.send("Also, my screen flickers now and then.")
    chat.max_turns = 1  # the next call sees only the flicker turn
    await chat.ready()
    assert "The next run sends 2 of" in shown(chat.window)
    answer = await chat.send("What is my order number?")
    assert answer.final_output.startswith("I don't know") and "ORD-12345" not in answer.final_output
    assert wire.current().model_calls()  # every message went over the (offline) wire


@pytest.mark.parametrize(("text", "message"), [("   ", "Type a message first."), ("x" * 100_000, "100,000 characters")])
async def test_the_chat_refuses_an_empty_or_huge_message_in_one_line(text, message) -> None:
    chat = ChatPanel()
    assert await chat.send(text) is None
    assert message in shown(chat.status) and await chat.session.get_items() == []


async def test_enter_then_a_click_on_send_sends_the_message_once_and_never_cancels_it() -> None:
    chat = ChatPanel()
    chat.input.value = "My order ORD-12345 is late."  # Enter (the value syncs): sent
    chat.send_button.click()  # the click that follows finds an empty box: nothing new, nothing cancelled
    chat.input.value = "What is my order number?"  # a second message while the first may still run: queued
    await chat.ready()
    await chat.ready()
    assert [who for who, _ in chat.lines] == ["you", "agent", "you", "agent"]
    assert "ORD-12345" in chat.lines[-1][1]


def test_the_summary_the_model_was_sent_is_shown_whole_below_the_tables() -> None:
    explorer = SummarizingExplorer(ROUTER, context_limit=3, keep_last_n_turns=2)
    note = explorer.replay.sent(5)[1]["content"]
    assert len(note) > 400 and explorer.sent["preview"].iloc[1].endswith("…")  # the table shows a preview only
    assert explorer.children[-1] is explorer.summary
    assert note in shown(explorer.summary) and "at turn 5, in full" in shown(explorer.summary)
    explorer.turn = 3  # no summary yet: nothing below the tables
    assert explorer.summary.value == ""
    explorer.turn = 5
    explorer.context_limit = 4  # the summary is made while turn 5 is saved: turn 5 was sent none
    assert explorer.summary.value == ""


def _painted_text(explorer) -> str:
    """Every character the explorer paints: legend, counters, facts, answer and tables, tags stripped."""
    painted = [child.value for child in explorer.children if hasattr(child, "value") and isinstance(child.value, str)]
    painted += [explorer.counters_line.value, explorer.facts.value, explorer.answer.value, explorer.tables.value]
    return html.unescape(re.sub(r"<[^>]+>", "", "".join(painted)))


def test_every_mark_the_explorer_paints_is_in_a_font_browsers_ship() -> None:
    # DejaVu Sans (matplotlib bundles a copy) is a default sans-serif of Chromium on Linux. A character
    # it lacks, such as the pushpin emoji, shows as an empty box where no emoji font is installed.
    from fontTools.ttLib import TTFont
    from matplotlib import font_manager

    font = TTFont(font_manager.findfont("DejaVu Sans", fallback_to_default=False))
    covered = set(font.getBestCmap())
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    explorer.turn = 3  # the serial and the error code are planted: their rows carry the mark
    painted = _painted_text(explorer)
    missing = sorted({ch for ch in painted if ord(ch) not in covered and not ch.isspace()})
    assert not missing, f"characters without a glyph in DejaVu Sans: {missing}"
    assert "★ serial" in painted  # the mark is there, beside the fact it marks


def test_a_plain_list_of_messages_says_where_facts_and_probes_come_from() -> None:
    explorer = TrimmingExplorer(["My router drops the wifi every evening.", "It still drops."], max_turns=1)
    facts = shown(explorer.facts)
    assert facts.startswith("Planted facts: none") and "memlab.scenario.Conversation with facts and probes" in facts
    assert "✓" not in shown(explorer.answer) and "✗" not in shown(explorer.answer)
    with_facts = TrimmingExplorer(LAPTOP, max_turns=3)
    assert "Conversation with facts and probes" not in shown(with_facts.facts)  # a scenario lists its facts instead


# ------------------------------------------------------------------ work ahead: the settings one slider move away


async def close(explorer) -> None:
    """Close the explorer, and wait until the tasks it leaves have ended before the test's event loop closes."""
    explorer.close()
    left = asyncio.all_tasks() - {asyncio.current_task()}
    if left:
        await asyncio.wait(left)


def pause_after(turns: int) -> tuple[asyncio.Event, asyncio.Event, object]:
    """A pace for work ahead that stops once, ``turns`` turns into its first replay, until ``go_on`` is set."""
    reached, go_on, calls = asyncio.Event(), asyncio.Event(), [0]

    async def pace() -> None:
        calls[0] += 1  # once before a setting, then after each of its turns
        if calls[0] == turns + 1:
            reached.set()
            await go_on.wait()
        await asyncio.sleep(0)

    return reached, go_on, pace


def test_the_settings_one_move_away_are_every_value_of_each_slider_nearest_first() -> None:
    trimming = TrimmingExplorer(LAPTOP, max_turns=3)
    settings = trimming.settings_ahead()
    assert trimming.sliders["max_tokens"].step == 100
    assert len(settings) == 12 + 31 - 1 and settings[0] == trimming.params()  # max_turns 1-12, max_tokens 0-3000 by 100
    assert settings[1:5] == [{"max_turns": 2, "max_tokens": None}, {"max_turns": 3, "max_tokens": 100},
                             {"max_turns": 4, "max_tokens": None}, {"max_turns": 3, "max_tokens": 200}]
    summarizing = SummarizingExplorer(ROUTER, context_limit=4, keep_last_n_turns=2)
    pairs = [(s["context_limit"], s["keep_last_n_turns"]) for s in summarizing.settings_ahead()]
    assert (1, 1) in pairs  # lowering context_limit to 1 pulls keep_last_n_turns down with it, as the sliders do
    assert all(keep <= limit for limit, keep in pairs) and len(pairs) == 12 + 5 + 31 - 2


def test_once_the_settings_ahead_are_ready_every_move_is_served_without_a_model_call() -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    notebook_wire = wire.current()
    before = notebook_wire.total
    assert "1 of 42 settings ready" in shown(explorer.ahead.line)
    explorer.compute_ahead()  # no event loop here: replays them all before it returns
    assert explorer.ahead.counts() == (42, 42) and explorer.ahead.state == "done"
    assert "42 of 42 settings ready" in shown(explorer.ahead.line)
    assert notebook_wire.total == before and explorer.ahead.wire.total > 0  # on its own wire, not the notebook's
    ahead_requests = explorer.ahead.wire.total
    for name, slider in explorer.sliders.items():
        start = slider.value
        for value in range(slider.min, slider.max + 1, slider.step):
            slider.value = value
            assert explorer.params()[name] == (value or None if name == "max_tokens" else value)
            assert "from the cache" in shown(explorer.status)
            slider.value = start
    assert notebook_wire.total == before and explorer.ahead.wire.total == ahead_requests


async def test_a_test_or_a_script_can_drive_the_work_ahead_one_setting_at_a_time() -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    await explorer.ready()
    assert await explorer.ahead.step()  # the nearest setting first: one slider step down
    assert explorer.ahead.counts() == (2, 42) and explorer.ahead.task is None  # no background task was started
    explorer.max_turns = 2  # that one: served at once
    assert "from the cache" in shown(explorer.status)


async def test_work_ahead_starts_once_a_front_end_shows_the_explorer_and_stops_when_none_does() -> None:
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    await explorer.ready()
    assert explorer.ahead.task is None  # no front end has shown it: nothing is replayed ahead
    explorer._view_count = 1  # what JupyterLab or Voila reports when it shows the widget
    assert explorer.ahead.running
    await explorer.ahead.finished()
    assert explorer.ahead.counts() == (42, 42)
    explorer.max_turns = 5  # served at once; its own max_tokens settings are not ready: the work goes on
    assert "from the cache" in shown(explorer.status) and explorer.ahead.running
    task = explorer.ahead.task
    explorer._view_count = 0  # its output was cleared, or its cell ran again
    await asyncio.wait({task})
    assert task.cancelled() and not explorer.ahead.running
    await close(explorer)


async def test_closing_the_explorer_cancels_its_work_ahead_in_the_middle_of_a_replay() -> None:
    explorer = TrimmingExplorer(LONG, max_turns=3)
    await explorer.ready()
    reached, go_on, explorer.ahead.pace = pause_after(turns=2)
    explorer._view_count = 1
    await reached.wait()  # two turns into the replay of the next setting
    task, kept, sent = explorer.ahead.task, len(REPLAYS), explorer.ahead.wire.total
    explorer.close()
    go_on.set()
    await asyncio.wait({task})
    assert task.cancelled()
    assert explorer.ahead.wire.total == sent and len(REPLAYS) == kept  # nothing sent after, the half-done replay not kept
    assert explorer.ahead not in REPLAYS.keepers  # its replays may now make room for others


async def test_a_new_conversation_cancels_the_work_ahead_on_the_old_one_and_starts_over_on_the_new() -> None:
    explorer = TrimmingExplorer(LONG, max_turns=3)
    await explorer.ready()
    reached, go_on, explorer.ahead.pace = pause_after(turns=2)
    explorer._view_count = 1
    await reached.wait()
    old_task, kept = explorer.ahead.task, len(REPLAYS)
    explorer.conversation = LAPTOP
    assert explorer.answer.value == "" and explorer.turn == 5 and explorer.turn_slider.max == 5
    go_on.set()
    await asyncio.wait({old_task})
    assert old_task.cancelled()
    assert len(REPLAYS) == kept  # the half-done replay of LONG is dropped
    await explorer.ready()
    assert explorer.replay.conversation is LAPTOP and "✗" in shown(explorer.answer)
    await explorer.ahead.finished()
    assert explorer.ahead.counts() == (42, 42)
    explorer.conversation = {"not": "a conversation"}  # refused in one line; the explorer keeps LAPTOP
    assert "memlab-error" in explorer.status.value and explorer.conversation is LAPTOP


async def test_a_move_to_a_setting_not_ready_is_replayed_at_once_not_after_the_work_ahead() -> None:
    explorer = TrimmingExplorer(LONG, max_turns=3)
    await explorer.ready()
    reached, go_on, explorer.ahead.pace = pause_after(turns=2)
    explorer._view_count = 1
    await reached.wait()  # the work ahead holds a half-done replay, and waits
    explorer.max_tokens = 2500  # far down its list: not ready
    assert "Replaying" in shown(explorer.status)
    await explorer.ready()  # shown although the work ahead has not moved on
    assert explorer.replay.params == {"max_turns": 3, "max_tokens": 2500} and not go_on.is_set()
    go_on.set()
    await close(explorer)


async def test_work_ahead_waits_while_a_replay_the_learner_asked_for_runs() -> None:
    explorer = TrimmingExplorer(LONG, max_turns=3)
    await explorer.ready()
    explorer._view_count = 1
    while explorer.ahead.wire.total == 0:  # the work ahead is under way (its first request went out)
        await asyncio.sleep(0)
    during = []
    explorer.progress.observe(lambda change: during.append(explorer.ahead.wire.total), "value")
    explorer.max_turns = 12  # not ready yet: replayed as the learner's own, turn by turn
    await explorer.ready()
    assert explorer.replay.params["max_turns"] == 12 and len(during) >= len(LONG.user_turns)
    # At most the turn the work ahead was in when the move came is finished; then it waits.
    largest_turn = max(int(replay.turns["model_calls"].max()) for replay in (explorer.replay, explorer.baseline))
    assert during[-1] - during[0] <= largest_turn
    await close(explorer)


def test_work_ahead_stays_within_the_replay_cache_budget_and_never_drops_what_an_open_explorer_wants(monkeypatch) -> None:
    monkeypatch.setattr(REPLAYS, "keepers", weakref.WeakSet())  # only this test's explorers are open
    laptop = TrimmingExplorer(LAPTOP, max_turns=3)
    laptop._view_count = 1  # on screen: it wants the settings one move away kept
    budget = REPLAYS.held + 10 * weight(laptop.replay)  # room for about ten more settings
    monkeypatch.setattr(REPLAYS, "budget", budget)
    laptop.compute_ahead()
    ready, total = laptop.ahead.counts()
    assert laptop.ahead.state == "full" and 5 < ready < total and REPLAYS.held <= budget
    assert f"{ready} of {total} settings ready" in shown(laptop.ahead.line) and "cache is full" in shown(laptop.ahead.line)

    router = SummarizingExplorer(ROUTER, context_limit=4, keep_last_n_turns=2)  # the learner's own: always kept
    kept = {key for key in laptop.ahead.wanted() if key in REPLAYS}
    router.compute_ahead()  # no room the open laptop explorer does not want: it stops before replaying
    assert router.ahead.state == "full" and router.ahead.counts()[0] == 1
    assert all(key in REPLAYS for key in kept) and REPLAYS.held <= budget
    laptop.close()  # now its replays may make room
    router.compute_ahead()
    assert router.ahead.counts()[0] > 5 and REPLAYS.held <= budget
    router.context_limit = 12  # a move to a setting not ready is still replayed and shown
    assert router.replay.params["context_limit"] == 12 and REPLAYS.held <= budget


async def test_live_nothing_is_replayed_ahead_until_the_learner_asks(monkeypatch) -> None:
    monkeypatch.setattr(mode, "is_live", lambda: True)  # every replay would be billed
    explorer = TrimmingExplorer(LAPTOP, max_turns=3)
    await explorer.ready()
    explorer._view_count = 1  # on screen
    assert explorer.ahead.task is None and explorer.ahead.wire.total == 0
    assert "live: the others are replayed when you move to them" in shown(explorer.ahead.line)
    assert explorer.ahead.button.layout.display is None and explorer.ahead.button.description == "replay 41 ahead"
    sent = wire.current().total
    explorer.ahead.button.click()  # asked
    await explorer.ahead.finished()
    assert explorer.ahead.counts() == (42, 42) and explorer.ahead.button.layout.display == "none"
    billed = explorer.ahead.wire.total
    assert billed > 0 and wire.current().total - sent == billed  # billed, so on the notebook's spend line too
    assert "replaying ahead cost" in shown(explorer.ahead.line)
    explorer.max_turns = 4  # around this setting nothing was asked for: offered again, not replayed
    assert not explorer.ahead.running and explorer.ahead.wire.total == billed
    assert explorer.ahead.button.layout.display is None


async def test_the_chat_s_messages_go_before_work_ahead(monkeypatch) -> None:
    seen = []
    real = Runner.run

    async def watched(*args, **kwargs):
        seen.append(FOREGROUND.running)
        return await real(*args, **kwargs)

    monkeypatch.setattr(Runner, "run", watched)
    chat = ChatPanel()
    await chat.send("Hi, my order number is ORD-12345.")
    assert seen == [1] and FOREGROUND.running == 0
