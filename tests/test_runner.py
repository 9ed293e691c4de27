"""Each session end to end through the real Runner, with the SDK's ScriptedModel."""

from __future__ import annotations

import pytest
from agents import Agent, RunConfig, Runner, SQLiteSession, function_tool
from agents.testing import ScriptedModel, assistant_message, function_call

from memlab import SummarizingSession, TrimmingSession, keep_last_turns
from memlab.turns import count_turns, is_user_message

from .fakes import EchoSummarizer


@function_tool
def lookup_order(order_id: str) -> str:
    """Look up an order's shipping status."""
    return f"Order {order_id}: shipped"


def RecapSummarizer() -> EchoSummarizer:  # noqa: N802
    return EchoSummarizer(prefix="Summary: ")


def make_agent(model: ScriptedModel) -> Agent:
    return Agent(name="Support", instructions="Help with orders.", model=model, tools=[lookup_order])


def script(n_turns: int) -> ScriptedModel:
    """Turn 1 calls the tool; every turn ends with a reply."""
    steps = [[function_call("lookup_order", {"order_id": "A-1042"}, call_id="call_1")], [assistant_message("It shipped.")]]
    steps += [[assistant_message(f"reply {n}", item_id=f"msg_{n}")] for n in range(2, n_turns + 1)]
    return ScriptedModel(steps)


@pytest.mark.parametrize(
    "make_session",
    [lambda: TrimmingSession("run", max_turns=2),
     lambda: SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=RecapSummarizer())],
    ids=["trimming", "summarizing"],
)
async def test_runner_with_memlab_sessions(make_session):
    model = script(4)
    agent = make_agent(model)
    session = make_session()
    for n in range(1, 5):
        result = await Runner.run(agent, f"message {n}", session=session)
    assert result.final_output == "reply 4"
    # the tool round trip was stored as real items
    calls = model.calls
    assert len(calls) == 5
    # the last model call saw at most two past turns plus the new one
    last_input = calls[-1].input
    assert count_turns([i for i in last_input if isinstance(i, dict)]) <= 3
    view = await session.get_items()
    users = [i["content"] for i in view if is_user_message(i)]
    if isinstance(session, TrimmingSession):
        assert users == ["message 3", "message 4"]
    else:
        assert users == ["recap please", "message 3", "message 4"]
        assert "message 1" in view[1]["content"] and "Order A-1042: shipped" in view[1]["content"]


async def test_keep_last_turns_callback_with_a_file_sqlite_session(tmp_path):
    model = script(5)
    agent = make_agent(model)
    store = SQLiteSession("conv", str(tmp_path / "history.db"))
    config = RunConfig(session_input_callback=keep_last_turns(2))
    for n in range(1, 6):
        await Runner.run(agent, f"message {n}", session=store, run_config=config)
    # the store keeps everything...
    stored = await store.get_items()
    assert count_turns(stored) == 5
    assert any(i.get("type") == "function_call_output" for i in stored)
    # ...while the model saw two past turns plus the new input
    last_input = model.calls[-1].input
    users = [i["content"] for i in last_input if isinstance(i, dict) and i.get("role") == "user"]
    assert users == ["message 3", "message 4", "message 5"]
    store.close()
