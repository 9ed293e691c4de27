"""Evals: replay through the real Runner, metrics from real usage, pressure checks, plots, judge."""

from __future__ import annotations

import asyncio
import json

import matplotlib
import pandas as pd
import pytest

from memlab import evals
from memlab.offline.api import OfflineAPI
from memlab.offline.client import offline_client
from memlab.api import mode
from memlab.evals.replay import COMPACTED
from memlab.facts import has_fact, states
from memlab.prompts import JUDGE_PROMPT_TITLE, SUMMARY_PROMPT_TITLE
from memlab.scenario import LAPTOP, LONG, Conversation, Fact, Probe
from memlab.turns import split_turns

from ..fakes import FakeResponsesClient, ReturningSummarizer, SyncSummarizer
from ..helpers import offline_mode, offline_summarizer, scripted

matplotlib.use("Agg")

EARLY = {"contact_channel", "order_number", "ticket_id", "serial", "error_code"}  # all planted by turn 7


@pytest.fixture(scope="module")
def long_runs() -> dict[str, tuple[OfflineAPI, evals.Replay]]:
    """The long conversation replayed once per module for each setting several tests read.

    A replay of LONG costs seconds; tests that only *read* one share it. Each
    comes with the offline API that served it (offline mode is put back
    after each replay), for the tests that compare with what was served.
    """
    base = {"context_limit": 4, "keep_last_n_turns": 2}
    settings = {
        "full": ("full", {}),
        "trimming": ("trimming", {"max_turns": 3}),
        "gated": ("summarizing", {**base, "must_keep": True}),
        "lossy": ("summarizing", {**base, "summarizer": "lossy"}),
        "lossy, rejecting gate": ("summarizing", {**base, "summarizer": "lossy", "must_keep": True}),
        "lossy, repairing gate": ("summarizing", {**base, "summarizer": "lossy", "must_keep": True, "gate": "repair"}),
    }
    runs = {}
    for name, (strategy, params) in settings.items():
        with offline_mode() as api:
            if params.get("summarizer") == "lossy":
                params = {**params, "summarizer": lossy(api)}
            runs[name] = (api, asyncio.run(evals.run(LONG, strategy, **params)))
    return runs


def probes(frame: pd.DataFrame) -> pd.DataFrame:
    return frame[frame["probe"].notna()].set_index("probe")


def lossy(api: OfflineAPI) -> evals.LossySummarizer:
    """A summarizer that loses every line naming the order number or the ticket."""
    return evals.LossySummarizer(offline_client(api), drop=[r"ORD-\d{5}", r"TCK-\d{6}"])


# ------------------------------------------------------------------ replay


def test_full_history_answers_every_probe_with_documented_columns(long_runs) -> None:
    frame = long_runs["full"][1].turns
    assert tuple(frame.columns) == evals.TURN_COLUMNS
    assert list(frame["turn"]) == list(range(1, len(LONG.user_turns) + 1))
    assert list(frame["user"]) == list(LONG.user_turns)
    asked = probes(frame)
    assert set(asked.index) == EARLY
    assert asked["correct"].all()
    assert (asked["expected"] == [LONG.fact(k).value for k in asked.index]).all()
    assert frame["facts_missing"].map(len).sum() == 0  # full history never drops a fact
    assert frame["memory_calls"].sum() == 0
    # the model's input grows every turn: it is sent the whole history
    assert frame["items_sent"].is_monotonic_increasing
    # ...the turns before the last that offline.transcript() computes, plus the new question
    last = len(LONG.user_turns)
    _, turns = split_turns(scripted(LONG))
    assert frame["items_sent"].iloc[-1] == sum(len(t) for t in turns[: last - 1]) + 1


async def test_measurements_match_what_the_offline_api_served(api) -> None:
    frame = (await evals.run(LAPTOP, "trimming", max_turns=2)).turns
    served = list(api.requests)
    assert all(r.status == 200 for r in served)
    assert len(served) == frame["model_calls"].sum()
    assert frame["input_tokens"].sum() == sum(r.response["usage"]["input_tokens"] for r in served)
    assert frame["output_tokens"].sum() == sum(r.response["usage"]["output_tokens"] for r in served)
    firsts = [served[i] for i in frame["model_calls"].cumsum().shift(fill_value=0)]
    assert list(frame["items_sent"]) == [len(r.input) for r in firsts]
    # input tokens = instructions + tool schemas + items: item_tokens is the part memory controls
    assert (frame["item_tokens"] < frame["input_tokens"]).all()


def test_trimming_forgets_early_facts_and_token_pressure_says_when(long_runs) -> None:
    frame = long_runs["trimming"][1].turns
    asked = probes(frame)
    assert not asked["correct"].any()
    assert asked["answer"].str.startswith("I don't know").all()
    assert frame["items_sent"].max() < 20
    pressure = evals.token_pressure(frame, LONG, first_only=True).set_index("fact")
    assert set(pressure.index) == EARLY
    # a fact goes missing at the first turn whose 3-turn window no longer mentions it
    _, turns = split_turns(scripted(LONG))
    for key, row in pressure.iterrows():
        value = LONG.fact(key).value
        mentioned = {number for number, items in enumerate(turns, start=1) for item in items if value in json.dumps(item)}
        expected = next(t for t in range(LONG.fact(key).turn + 1, len(LONG.user_turns) + 1) if not mentioned & {t - 3, t - 2, t - 1})
        assert row["turn"] == expected, key
        assert row["planted_turn"] == LONG.fact(key).turn
    assert pressure.loc["contact_channel", "turn"] == 5
    assert pressure.loc["order_number", "probe_turn"] == LONG.probes[0].turn
    every = evals.token_pressure(frame, LONG)
    assert len(every) > len(pressure)
    assert list(every.columns) == ["label", "turn", "fact", "value", "planted_turn", "probe_turn"]


async def test_keep_last_turns_callback_sends_what_trimming_sends(api) -> None:
    trimmed = (await evals.run(LAPTOP, "trimming", max_turns=2)).turns
    callback = (await evals.run(LAPTOP, "keep_last_turns", n=2)).turns
    for column in ("input_tokens", "items_sent", "answer", "correct"):
        assert list(trimmed[column]) == list(callback[column]), column
    assert callback["label"].iloc[0] == "keep_last_turns (n=2)"


def test_summarizing_with_the_gate_keeps_every_must_keep_fact(long_runs) -> None:
    api, run = long_runs["gated"]
    frame = run.turns
    asked = probes(frame)
    assert asked["must_keep"].all() and asked["correct"].all()
    assert frame["facts_missing"].map(len).sum() == 0
    assert frame["summaries_applied"].sum() == frame["memory_calls"].sum() > 0
    # the frame records a summary when its text changed
    assert 0 < frame["summary"].notna().sum() <= frame["summaries_applied"].sum()
    # summarizer tokens are the usage of the summary requests the API served
    summaries = [r for r in api.requests if r.body["instructions"].startswith(SUMMARY_PROMPT_TITLE)]
    assert len(summaries) == frame["memory_calls"].sum()
    assert frame["memory_input_tokens"].sum() == sum(r.response["usage"]["input_tokens"] for r in summaries)
    assert frame["memory_output_tokens"].sum() == sum(r.response["usage"]["output_tokens"] for r in summaries)
    # the model's input stays bounded: a summary and at most four turns
    assert frame["items_sent"].max() < 20


def test_the_gate_is_what_saves_recall_from_a_lossy_summarizer(long_runs) -> None:
    open_gate = long_runs["lossy"][1].turns
    asked = probes(open_gate)
    assert not asked.loc["order_number", "correct"] and not asked.loc["ticket_id", "correct"]
    assert asked.loc["serial", "correct"]
    assert "order_number" in evals.token_pressure(open_gate, LONG)["fact"].values

    gated = long_runs["lossy, rejecting gate"][1].turns
    assert probes(gated)["correct"].all()
    assert gated["summaries_rejected"].sum() > 0
    assert gated["label"].iloc[0] == "summarizing (context_limit=4, keep_last_n_turns=2, gate=on, summarizer=LossySummarizer)"
    # the price of fidelity: more tokens than the lossy summaries
    assert gated["input_tokens"].sum() > open_gate["input_tokens"].sum()


async def test_a_summarizer_that_is_not_an_llm_summarizer_is_counted_without_tokens(api) -> None:
    recap = ReturningSummarizer(("recap", "Summary: " + " ".join(fact.value for fact in LAPTOP.facts)))
    frame = (await evals.run(LAPTOP, "summarizing", context_limit=2, keep_last_n_turns=1, summarizer=recap)).turns
    assert frame["memory_calls"].sum() > 0
    assert frame["memory_input_tokens"].isna().all()


@pytest.mark.parametrize(
    ("strategy", "params", "error", "message"),
    [
        ("sliding", {}, ValueError, "unknown strategy"),
        ("trimming", {"context_limit": 3}, ValueError, "does not take context_limit"),
        ("full", {"max_turns": 3}, ValueError, "no parameters"),
        ("trimming", {"max_turns": 0}, ValueError, "max_turns"),
        ("trimming", {"max_turns": "3"}, TypeError, "max_turns"),
        ("summarizing", {"context_limit": 2, "keep_last_n_turns": 3}, ValueError, "keep_last_n_turns"),
        ("summarizing", {"must_keep": "ORD"}, TypeError, "must_keep"),
        ("summarizing", {"summarizer": object()}, TypeError, "summarize"),
    ],
)
async def test_bad_arguments_raise_naming_the_parameter(api, strategy, params, error, message) -> None:
    with pytest.raises(error, match=message):
        (await evals.run(LAPTOP, strategy, **params)).turns


async def test_two_probes_on_one_turn_are_refused(api) -> None:
    turns = ("My order is ORD-12345, serial SN-AB12CD34.", "What is my order number and serial?")
    twice = Conversation(
        "twice", "two probes", turns,
        (Fact("order_number", "ORD-12345", 1), Fact("serial", "SN-AB12CD34", 1)),
        (Probe(2, turns[1], "ORD-12345", "order_number"), Probe(2, turns[1], "SN-AB12CD34", "serial")),
    )
    with pytest.raises(ValueError, match="two probes"):
        (await evals.run(twice, "full")).turns


# -------------------------------------------------------------------- grid


def test_grid_expands_and_skips_impossible_combinations() -> None:
    configs = evals.grid("summarizing", context_limit=[2, 4], keep_last_n_turns=[1, 3])
    assert configs == [
        ("summarizing", {"context_limit": 2, "keep_last_n_turns": 1}),
        ("summarizing", {"context_limit": 4, "keep_last_n_turns": 1}),
        ("summarizing", {"context_limit": 4, "keep_last_n_turns": 3}),
    ]
    with pytest.raises(ValueError, match="list"):
        evals.grid("trimming", max_turns=3)
    with pytest.raises(ValueError, match="does not take"):
        evals.grid("trimming", n=[3])


async def test_run_grid_summary_ratios_recall_and_choice(api, capsys) -> None:
    result = await evals.run_grid(LAPTOP, evals.grid("trimming", max_turns=[1, 3]), progress=False)
    assert capsys.readouterr().err == ""  # no progress bar when asked for none
    summary = result.summary.set_index("label")
    assert list(summary.index) == ["full", "trimming (max_turns=1)", "trimming (max_turns=3)"]
    assert summary.loc["full", "vs_full"] == 1.0
    assert summary.loc["trimming (max_turns=1)", "vs_full"] < summary.loc["trimming (max_turns=3)", "vs_full"] < 1
    assert summary.loc["full", "input_tokens"] == result.turns.query("label == 'full'")["input_tokens"].sum()
    # LAPTOP asks at turn 5 for the contact channel planted at turn 1
    assert list(summary["recall"]) == [1.0, 0.0, 0.0]
    assert list(summary["pressure_turns"]) == [0, 3, 1]
    chosen = evals.choose(result.summary, min_recall=1.0)
    assert chosen["label"] == "full"
    assert evals.choose(result.summary, min_recall=0.0)["label"] == "trimming (max_turns=1)"
    front = evals.pareto_frontier(result.summary)
    assert list(front["label"]) == ["trimming (max_turns=1)", "full"]
    with pytest.raises(ValueError, match="between 0 and 1"):
        evals.choose(result.summary, min_recall=1.5)


async def test_run_grid_shows_a_progress_bar_by_default(api, capsys) -> None:
    await evals.run_grid(LAPTOP, [("full", {})])
    assert "replaying laptop" in capsys.readouterr().err


def test_choose_explains_when_nothing_is_good_enough() -> None:
    summary = pd.DataFrame({"label": ["a"], "strategy": ["trimming"], "total_tokens": [10], "recall": [0.5]})
    with pytest.raises(ValueError, match="best is 50%"):
        evals.choose(summary, min_recall=0.9)


# ------------------------------------------------------------------- plots


async def test_plots_draw_one_line_per_run_and_the_frontier(api) -> None:
    import matplotlib.pyplot as plt

    result = await evals.run_grid(LAPTOP, [("trimming", {"max_turns": 1})], progress=False)
    ax = evals.plot_tokens_per_turn(result.turns)
    assert [line.get_label() for line in ax.get_lines()] == ["full", "trimming (max_turns=1)"]
    assert list(ax.get_lines()[0].get_ydata()) == list(result.turns.query("label == 'full'")["input_tokens"])
    ax2 = evals.plot_frontier(result.summary)
    frontier = [line for line in ax2.get_lines() if line.get_label() == "frontier"]
    assert len(frontier) == 1 and len(ax2.collections) == 2  # one scatter per strategy
    plt.close("all")


# ------------------------------------------------------------------- judge


def test_judge_prompt_starts_with_the_title_the_offline_model_knows() -> None:
    prompt = evals.judge_prompt()
    assert prompt.splitlines()[0] == JUDGE_PROMPT_TITLE
    for name in evals.JUDGE_CRITERIA:
        assert f"- {name}: " in prompt
    with pytest.raises(ValueError, match="snake_case"):
        evals.judge_prompt({"Identifiers kept": "..."})
    with pytest.raises(ValueError, match="empty"):
        evals.judge_prompt({})


async def test_offline_judge_grades_a_faithful_summary_full_marks(api) -> None:
    summary = (await offline_summarizer(api).summarize(scripted(LONG)))[1]
    verdict = await evals.judge_summary(summary, LONG)
    assert list(verdict["criterion"]) == list(evals.JUDGE_CRITERIA)
    # the note keeps to its default length, so it may drop the oldest line of a section: a point at most
    assert verdict["score"].min() >= 4 and list(verdict["score"]).count(5) >= 4, verdict
    request = api.requests[-1]
    assert request.body["instructions"] == evals.judge_prompt()
    assert "<summary>" in request.input[0]["content"] and "ORD-73914" in request.input[0]["content"]


async def test_offline_judge_catches_lost_invented_and_missing_sections(api) -> None:
    summary = "## Identifiers\n- order number: ORD-99999\n- serial: SN-AX7Q42PL\n\n## Current status and blockers\n- none"
    verdict = (await evals.judge_summary(summary, LONG)).set_index("criterion")
    assert verdict.loc["identifiers_kept", "score"] <= 1  # SN-AX7Q42PL kept, the rest lost
    assert "ORD-73914" in verdict.loc["identifiers_kept", "reason"]
    assert verdict.loc["no_invented_facts", "score"] == 3
    assert "ORD-99999" in verdict.loc["no_invented_facts", "reason"]
    assert verdict.loc["steps_tried", "score"] == 0  # no step the customer reported
    assert verdict.loc["timeline", "score"] == 0  # no time cue the customer gave
    assert verdict.loc["current_status", "score"] <= 1  # a status of "none" says nothing of where things stand
    assert verdict.loc["next_step", "score"] == 0


async def test_offline_judge_flags_a_superseded_value_in_the_status(api) -> None:
    items = [
        {"role": "user", "content": "My order is ORD-11111."},
        {"role": "user", "content": "Sorry, I mistyped: the order is ORD-22222."},
    ]
    summary = "## Current status and blockers\n- Waiting on order ORD-11111.\n\n## Next recommended step\n- Look it up."
    verdict = (await evals.judge_summary(summary, items)).set_index("criterion")
    assert verdict.loc["current_status", "score"] == 2
    assert "ORD-11111" in verdict.loc["current_status", "reason"]
    assert verdict.loc["next_step", "score"] == 5


async def test_offline_judge_leaves_unknown_criteria_ungraded(api) -> None:
    verdict = await evals.judge_summary("## Identifiers\n- none", LAPTOP, criteria={"tone": "Polite.", "next_step": "A step."})
    assert verdict["score"].isna().tolist() == [True, False]
    assert "cannot grade" in verdict["reason"].iloc[0]


async def test_judge_rejects_a_reply_that_is_not_json(api) -> None:
    with pytest.raises(evals.JudgeError, match="JSON object"):
        await evals.judge_summary("a note", LAPTOP, client=FakeResponsesClient("Looks fine to me!"))
    with pytest.raises(evals.JudgeError, match="0 to 5"):
        await evals.judge_summary("a note", LAPTOP, client=FakeResponsesClient(json.dumps({"next_step": {"score": 9}})))
    partial = await evals.judge_summary("a note", LAPTOP, client=FakeResponsesClient(json.dumps({"next_step": 4})))
    assert partial.set_index("criterion")["score"].isna().sum() == len(evals.JUDGE_CRITERIA) - 1 == 5
    with pytest.raises(ValueError, match="non-empty"):
        await evals.judge_summary("  ", LAPTOP, client=FakeResponsesClient("{}"))


# -------------------------------------------------------------------- modes


def test_model_client_follows_the_mode(api, monkeypatch) -> None:
    assert str(mode.client().base_url).startswith("https://offline.memlab")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    mode.configure("live")  # undone by the api fixture
    client = mode.client()
    assert "offline.memlab" not in str(client.base_url)  # the SDK's real client; nothing is sent here


def test_nothing_configured_means_offline(api, monkeypatch) -> None:
    from agents.models import _openai_shared

    with monkeypatch.context() as patch:  # undone before the api fixture puts back what was there before it
        patch.setattr(mode, "_current", None)
        patch.setattr(_openai_shared, "_default_openai_client", None)
        client = mode.client()
        assert mode.current_api() is not None
        assert str(client.base_url).startswith("https://offline.memlab")


# ------------------------------------------------- regressions from review


async def test_runs_with_the_same_label_stay_apart(api) -> None:
    configs = [("summarizing", {"summarizer": lossy(api)}), ("summarizing", {"summarizer": lossy(api)})]
    result = await evals.run_grid(LAPTOP, configs, progress=False)
    labels = list(result.summary["label"])
    assert labels == ["full", "summarizing (summarizer=LossySummarizer)", "summarizing (summarizer=LossySummarizer) #2"]
    full_calls = result.summary.set_index("label").loc["full", "model_calls"]
    assert (result.summary["model_calls"] <= 2 * full_calls).all()  # no two runs added together


async def test_summaries_of_two_conversations_are_not_merged(api) -> None:
    from memlab.scenario import ROUTER

    stacked = pd.concat([(await evals.run(LAPTOP, "full")).turns, (await evals.run(ROUTER, "full")).turns], ignore_index=True)
    summary = evals.summarize_runs(stacked)
    assert list(summary["conversation"]) == [LAPTOP.name, ROUTER.name]
    assert list(summary["vs_full"]) == [1.0, 1.0]
    with pytest.raises(ValueError, match="per-turn frame"):
        evals.summarize_runs(stacked.iloc[0:0])


async def test_every_config_is_checked_before_the_first_request(api) -> None:
    assert evals.grid("summarizing", context_limit=[1, 4]) == [("summarizing", {"context_limit": 4})]
    before = len(api.requests)
    with pytest.raises(ValueError, match="keep_last_n_turns"):
        await evals.run_grid(LAPTOP, [("trimming", {"max_turns": 2}), ("summarizing", {"context_limit": 1})])
    with pytest.raises(ValueError, match="max_turns"):
        await evals.run_grid(LAPTOP, [("trimming", {"max_turns": 0})])
    assert len(api.requests) == before


@pytest.mark.parametrize(
    "conversation, configs, error",
    [
        ("hello", [("full", {})], TypeError),
        (LAPTOP, [("trimming", 3)], TypeError),
        (LAPTOP, {"trimming": {}}, TypeError),
        (LAPTOP, [("trimming",)], TypeError),
    ],
)
async def test_run_grid_names_what_is_wrong(api, conversation, configs, error) -> None:
    with pytest.raises(error, match="conversation|config|params|dict"):
        await evals.run_grid(conversation, configs, progress=False)


async def test_replay_refuses_what_is_not_a_conversation(api) -> None:
    with pytest.raises(TypeError, match="Conversation"):
        (await evals.run("hello")).turns
    with pytest.raises(ValueError, match="no user turns"):
        (await evals.run(Conversation("empty", "nothing", (), (), ()))).turns


async def test_summarizer_none_means_never_summarize(api) -> None:
    frame = (await evals.run(LAPTOP, "summarizing", context_limit=1, keep_last_n_turns=1, summarizer=None)).turns
    assert frame["label"].iloc[0] == "summarizing (context_limit=1, keep_last_n_turns=1, summarizer=None)"
    assert frame["memory_calls"].sum() == 0


async def test_a_sync_summarizer_is_refused_before_any_request(api) -> None:
    with pytest.raises(TypeError, match=r"SyncSummarizer.summarize is not async: write it as 'async def summarize"):
        (await evals.run(LAPTOP, "summarizing", context_limit=1, keep_last_n_turns=1, summarizer=SyncSummarizer())).turns
    assert not api.requests  # refused while the run was set up, before the first turn


async def test_a_ticket_id_is_scored_as_the_tool_returned_it(api, monkeypatch) -> None:
    """Live, the model words the ticket its own way, so the tool returns another id than the script."""
    from memlab import scenario

    original = scenario.create_ticket_backend
    monkeypatch.setattr(scenario, "create_ticket_backend", lambda summary: original("Ticket: " + summary))
    frame = (await evals.run(LONG, "full")).turns
    ticket = probes(frame).loc["ticket_id"]
    assert ticket["expected"] != LONG.fact("ticket_id").value  # the run made another ticket...
    assert ticket["correct"]  # ...and the agent's answer is scored against that one
    assert frame["facts_missing"].map(len).sum() == 0


def test_a_fact_is_present_only_as_that_kind_of_fact() -> None:
    assert not has_fact("pick it again from your phone's list", "contact_channel", "phone")
    assert has_fact("Customer prefers contact by phone.", "contact_channel", "phone")
    assert not has_fact("order ORD-73914", "order_number", "ORD-7391")
    assert states("Your order is ORD-73914.", "ORD-73914")
    assert not states("see ORD-739145", "ORD-73914")


async def test_plots_and_choice_name_a_missing_column(api) -> None:
    result = await evals.run_grid(LAPTOP, evals.grid("trimming", max_turns=[1, 3]), progress=False, baseline=False)
    with pytest.raises(ValueError, match="full-history run"):
        evals.plot_frontier(result.summary)
    evals.plot_frontier(result.summary, tokens="input_tokens")  # draws
    with pytest.raises(ValueError, match="no column 'nope'"):
        evals.plot_tokens_per_turn(result.turns, column="nope")
    with pytest.raises(ValueError, match="no column 'nope'"):
        evals.choose(result.summary, tokens="nope")


async def test_judge_input_errors_are_clear(api) -> None:
    with pytest.raises(TypeError, match="criteria must map"):
        await evals.judge_summary("note", LAPTOP, criteria=["identifiers_kept"])
    with pytest.raises(ValueError, match="source"):
        await evals.judge_summary("note", [])
    with pytest.raises(evals.JudgeError, match="cut short"):
        await evals.judge_summary("## Identifiers\n- ORD-1", LAPTOP, max_tokens=16)


def test_pareto_frontier_keeps_ties() -> None:
    summary = pd.DataFrame({
        "label": ["a", "b", "c", "d"], "total_tokens": [10, 10, 20, 15], "recall": [0.5, 0.5, 1.0, 0.4],
    })
    assert list(evals.pareto_frontier(summary)["label"]) == ["a", "b", "c"]


def test_a_repairing_gate_keeps_facts_and_still_compresses(long_runs) -> None:
    reject = long_runs["lossy, rejecting gate"][1].turns
    repair = long_runs["lossy, repairing gate"][1].turns
    assert "gate=repair" in repair["label"].iloc[0] and "gate=on" not in repair["label"].iloc[0]
    assert repair["summaries_applied"].sum() > 0 and repair["summaries_rejected"].sum() == 0
    assert reject["summaries_applied"].sum() == 0  # the lossy summary never passes a rejecting gate
    assert probes(repair)["correct"][probes(repair)["must_keep"]].all()
    assert repair["input_tokens"].sum() < 0.6 * reject["input_tokens"].sum()


def test_a_label_does_not_depend_on_parameter_order() -> None:
    one = evals.run_label("summarizing", {"keep_last_n_turns": 2, "context_limit": 4, "must_keep": True})
    two = evals.run_label("summarizing", {"must_keep": True, "context_limit": 4, "keep_last_n_turns": 2})
    assert one == two == "summarizing (context_limit=4, keep_last_n_turns=2, gate=on)"


async def test_a_tool_made_fact_is_read_at_its_own_turn(api) -> None:
    """Two tickets are opened; the fact is the second one, so the first must not be taken for it."""
    from memlab.scenario import create_ticket_backend

    turns = (
        "Please open a ticket for the broken charger.",
        "Please open a ticket for the missing headset.",
        "What is the ticket number for the missing headset?",
    )
    second = json.loads(create_ticket_backend(turns[1]))["ticket_id"]
    conversation = Conversation(
        "two-tickets", "two tickets", turns,
        (Fact("ticket_id", second, 2, from_tool="create_ticket"),),
        (Probe(3, turns[2], second, "ticket_id"),),
    )
    frame = (await evals.run(conversation, "full")).turns
    assert probes(frame).loc["ticket_id", "expected"] == second
    assert probes(frame).loc["ticket_id", "correct"]


async def test_a_tool_made_fact_of_an_unknown_kind_is_refused(api) -> None:
    conversation = Conversation("odd", "odd", ("hi",), (Fact("charger_ticket", "X-1", 1, from_tool="create_ticket"),), ())
    with pytest.raises(ValueError, match="charger_ticket"):
        (await evals.run(conversation, "full")).turns


async def test_gate_must_keep_and_summarizer_values_are_checked_before_any_request(api) -> None:
    before = len(api.requests)
    for params in ({"gate": "bogus"}, {"must_keep": [42]}, {"summarizer": object()}):
        with pytest.raises((TypeError, ValueError), match="gate|must_keep|summarizer"):
            await evals.run_grid(LAPTOP, [("trimming", {"max_turns": 2}), ("summarizing", params)], progress=False)
    assert len(api.requests) == before


async def test_stacking_runs_with_one_label_is_refused(api) -> None:
    first = await evals.run_grid(LAPTOP, [("trimming", {"max_turns": 2})], progress=False)
    second = await evals.run_grid(LAPTOP, [("trimming", {"max_turns": 2})], progress=False)
    with pytest.raises(ValueError, match="distinct labels"):
        evals.summarize_runs(pd.concat([first.turns, second.turns], ignore_index=True))


# ------------------------------------------------ beyond the cookbook: more strategies


async def test_tool_output_trimming_shortens_old_outputs_and_keeps_the_calls(api, long_runs) -> None:
    run = await evals.run(LONG, "tool_output_trimming", recent_turns=1, max_output_chars=200, preview_chars=40)
    last = run.sent(len(run.history))
    outputs = [item for item in last if item.get("type") == "function_call_output"]
    trimmed = [item["output"].startswith("[Trimmed:") for item in outputs[:-1]]
    assert any(trimmed) and all(cut or len(item["output"]) <= 200 for cut, item in zip(trimmed, outputs))
    calls = {item["call_id"] for item in last if item.get("type") == "function_call"}
    assert {item["call_id"] for item in outputs} <= calls  # every output keeps its call
    full = long_runs["full"][1].turns
    assert run.turns["input_tokens"].sum() < full["input_tokens"].sum()
    assert run.turns["memory_calls"].sum() == 0 and (run.turns["total_tokens"]
                                                     == run.turns["input_tokens"] + run.turns["output_tokens"]).all()


async def test_tiered_summarizes_only_over_its_budget_and_bills_the_summarizer(api) -> None:
    run = await evals.run(LONG, "tiered", max_tokens=900, keep_last_n_turns=1, must_keep=True)
    turns = run.turns
    assert 0 < turns["memory_calls"].sum() < len(turns)  # not on every turn
    summaries = [r for r in api.requests if r.body.get("instructions", "").startswith(SUMMARY_PROMPT_TITLE)]
    assert turns["memory_input_tokens"].sum() == sum(r.response["usage"]["input_tokens"] for r in summaries)
    assert (turns["total_tokens"] == turns["input_tokens"] + turns["output_tokens"]
            + turns["memory_input_tokens"] + turns["memory_output_tokens"]).all()
    assert probes(turns)["correct"][probes(turns)["must_keep"]].all()


async def test_compaction_bills_the_compact_endpoint_as_memory_not_as_model_input(api) -> None:
    run = await evals.run(LONG, "compaction", threshold=12)
    compacts = [r for r in api.requests if r.path.endswith("/responses/compact")]
    model = [r for r in api.requests if not r.path.endswith("/compact") and r.status == 200]
    turns = run.turns
    assert turns["memory_calls"].sum() == len(compacts) > 0
    assert turns["memory_input_tokens"].sum() == sum(r.response["usage"]["input_tokens"] for r in compacts)
    assert turns["input_tokens"].sum() == sum(r.response["usage"]["input_tokens"] for r in model[-turns["model_calls"].sum():])
    assert any(item.get("type") == "compaction" for item in run.sent(len(run.history)))
    assert turns["summary"].dropna().iloc[-1] == COMPACTED


async def test_choose_can_ask_for_every_must_keep_fact_at_the_lowest_total(api) -> None:
    result = await evals.run_grid(
        LAPTOP, [("trimming", {"max_turns": 2}), ("summarizing", {"context_limit": 2, "keep_last_n_turns": 1, "must_keep": True})],
        progress=False,
    )
    best = evals.choose(result.summary, 1.0, recall="must_keep_recall")
    assert best["must_keep_recall"] == 1.0
    assert best["total_tokens"] == result.summary.loc[result.summary["must_keep_recall"] == 1.0, "total_tokens"].min()
    assert set(result.summary["vs_full"].dropna()) <= {round(t / result.summary.iloc[0]["total_tokens"], 3)
                                                       for t in result.summary["total_tokens"]}


async def test_new_strategies_are_validated_before_any_request(api) -> None:
    before = len(api.requests)
    for strategy, params, error in [
        ("tool_output_trimming", {"recent_turns": 0}, ValueError), ("tiered", {"max_tokens": "x"}, TypeError),
        ("compaction", {"compaction_mode": "sometimes"}, ValueError), ("trimming", {"max_tokens": 0}, ValueError),
    ]:
        with pytest.raises(error):
            (await evals.run(LAPTOP, strategy, **params)).turns
    assert len(api.requests) == before


async def test_server_side_continuation_sends_one_item_but_is_billed_for_everything(api) -> None:
    result = await evals.run_grid(LAPTOP, [("server_side", {})], progress=False)
    full, server = (result.summary.iloc[i] for i in range(2))
    assert all(len(run_calls[0]) == 1 for run_calls in result.runs[1].calls)  # only the new message goes out
    assert server["total_tokens"] == full["total_tokens"] and server["recall"] == 1.0  # the server re-reads it all
    assert server["item_tokens"] < full["item_tokens"] / 4
    chained = [r for r in api.requests if r.body.get("previous_response_id")]
    assert len(chained) >= len(LAPTOP.user_turns) - 1  # every turn after the first continues the last response


# ------------------------------------------------------------------ error regression: repeated tool calls


async def test_a_tool_call_with_the_same_arguments_as_an_earlier_one_is_counted_as_repeated(api) -> None:
    turns = (
        "Where is my order ORD-73914?",
        "Thanks. My router drops the wifi every evening.",
        "Please look up ORD-73914 again; was the headset on the packing list?",
        "And could you look up order ORD-48213 too?",
    )
    again = Conversation("again", "A lookup asked for twice", turns, facts=(), probes=())
    frame = (await evals.run(again)).turns.set_index("turn")
    assert list(frame["tool_calls"]) == [1, 0, 1, 1]
    assert list(frame["repeated_tool_calls"]) == [0, 0, 1, 0]  # same tool, same order id: a repeat; another id is not
    summary = evals.summarize_runs(frame.reset_index()).iloc[0]
    assert (summary["tool_calls"], summary["repeated_tool_calls"]) == (3, 1)


def test_on_long_every_repeat_is_one_the_customer_asked_for_and_trimming_calls_fewer_tools(long_runs) -> None:
    full = long_runs["full"][1].turns.set_index("turn")
    trimmed = long_runs["trimming"][1].turns.set_index("turn")
    repeated = list(full.index[full["repeated_tool_calls"] > 0])
    assert repeated == [20, 22, 26]  # diagnostics "again", the warranty "too", the order "again"
    assert all(" again" in LONG.user_turns[turn - 1] or " too?" in LONG.user_turns[turn - 1] for turn in repeated)
    # three turns later the serial is out of the window: the tool calls that need it are not made at all
    assert trimmed["tool_calls"].sum() < full["tool_calls"].sum()
    assert (trimmed["tool_calls"] <= full["tool_calls"]).all()


async def test_between_turns_is_awaited_after_each_turn_and_can_stop_a_replay(api) -> None:
    turns_done = []

    async def between_turns() -> None:
        turns_done.append(len(api.requests))
        if len(turns_done) == 2:
            raise LookupError("no longer wanted")

    with pytest.raises(LookupError, match="no longer wanted"):
        await evals.run(LAPTOP, "trimming", max_turns=3, between_turns=between_turns)
    assert len(turns_done) == 2 and len(api.requests) == turns_done[-1]  # nothing sent after it stopped
