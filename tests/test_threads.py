"""Threads with the offline model: resuming after an approval, corrections, shared sessions.

A *thread* is the history one session id has on one storage. These tests run
the real ``Runner`` against the offline Responses API and check who continues
which thread: the same session (or a new one on the same storage) continues it,
another storage silently forks it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

from memlab.api import mode
from memlab.scenario import create_ticket_backend, lookup_order_backend, support_agent
from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession

from .helpers import offline_summarizer, sdk_pruned

TICKET_REQUEST = "The headset is missing from order ORD-73914. Please open a ticket for it."


pytestmark = pytest.mark.usefixtures("api")  # every test here runs an agent offline


@pytest.fixture
def tickets():
    """An approval-gated ``create_ticket`` tool, and the list of summaries it really filed."""
    filed: list[str] = []

    @function_tool(needs_approval=True)
    def create_ticket(summary: str) -> str:
        """Open a ticket for the repair or warehouse team (a human approves it first).

        Args:
            summary: What the team must do.
        """
        filed.append(summary)
        return create_ticket_backend(summary)

    return create_ticket, filed


@pytest.fixture
def files(tmp_path: Path):
    """File-backed SQLiteSession stores in tmp_path, closed afterwards."""
    made: list[SQLiteSession] = []

    def make(name: str, session_id: str = "thread") -> SQLiteSession:
        made.append(SQLiteSession(session_id, tmp_path / name))
        return made[-1]

    yield make
    for store in made:
        store.close()


def shapes(items: list[dict[str, Any]]) -> list[str]:
    """Each item's kind: ``message:<role>`` for messages, else its ``type``."""
    return [f"message:{item['role']}" if item.get("type", "message") == "message" else item["type"] for item in items]


SESSIONS = {
    "trimming": lambda store: TrimmingSession("thread", 6, store=store),
    "summarizing": lambda store: SummarizingSession(2, 4, offline_summarizer(), "thread", store=store),
}


@pytest.mark.parametrize("kind", SESSIONS)
async def test_an_approval_interrupts_and_a_new_instance_on_the_same_file_resumes(kind, tickets, files):
    create_ticket, filed = tickets
    agent = support_agent(tools=[create_ticket])
    session = SESSIONS[kind](files("chat.db"))

    result = await Runner.run(agent, TICKET_REQUEST, session=session)
    assert result.final_output is None
    assert [item.tool_name for item in result.interruptions] == ["create_ticket"]
    assert filed == []  # nothing ran before the approval
    # The pending call is stored as is; the SDK prunes an unanswered call before the next model call.
    pending = await session.get_items()
    assert shapes(pending) == ["message:user", "function_call"]
    assert sdk_pruned(pending, limited=False) == [{"role": "user", "content": TICKET_REQUEST}]

    state = result.to_state()
    state.approve(result.interruptions[0])
    reopened = SESSIONS[kind](files("chat.db"))  # another process, say
    resumed = await Runner.run(agent, state, session=reopened)

    assert filed == [TICKET_REQUEST]
    ticket = create_ticket_backend(TICKET_REQUEST).split('"')[3]
    assert ticket in resumed.final_output
    assert shapes(await session.get_items()) == [
        "message:user", "function_call", "function_call_output", "message:assistant",
    ]
    follow_up = await Runner.run(agent, "What is the ticket number for the missing headset?", session=session)
    assert ticket in follow_up.final_output


async def test_resuming_on_another_storage_silently_forks_the_thread(tickets, files):
    create_ticket, filed = tickets
    agent = support_agent(tools=[create_ticket])
    original = TrimmingSession("thread", 6, store=files("a.db"))
    result = await Runner.run(agent, TICKET_REQUEST, session=original)
    state = result.to_state()
    state.approve(result.interruptions[0])

    elsewhere = TrimmingSession("thread", 6, store=files("b.db"))  # same id, other file
    resumed = await Runner.run(agent, state, session=elsewhere)  # no error, no warning
    ticket = create_ticket_backend(TICKET_REQUEST).split('"')[3]
    assert filed == [TICKET_REQUEST] and ticket in resumed.final_output

    # The original thread never learns the outcome (its call stays unanswered);
    # the fork holds only the tail: an output whose call lives in the other file.
    assert shapes(await original.get_items()) == ["message:user", "function_call"]
    assert shapes(await elsewhere.get_items()) == ["function_call_output", "message:assistant"]
    answer = await Runner.run(agent, "What is the ticket number for the missing headset?", session=original)
    assert answer.final_output.startswith("I don't know") and ticket not in answer.final_output


async def test_a_rejected_tool_call_is_answered_and_the_thread_goes_on(tickets):
    create_ticket, filed = tickets
    agent = support_agent(tools=[create_ticket])
    session = TrimmingSession("thread", 6)
    result = await Runner.run(agent, TICKET_REQUEST, session=session)
    state = result.to_state()
    state.reject(result.interruptions[0])
    resumed = await Runner.run(agent, state, session=session)
    assert filed == []
    assert "not approved" in resumed.final_output
    assert shapes(await session.get_items())[-2:] == ["function_call_output", "message:assistant"]


@pytest.mark.parametrize("kind", SESSIONS)
async def test_pop_item_twice_then_rerun_corrects_a_turn(kind, files):
    agent = support_agent()
    session = SESSIONS[kind](files("chat.db"))
    await Runner.run(agent, "Hi, my router drops the wifi. Please reach me by phone.", session=session)
    # The customer meant email. Take back the reply and the message, then say it again.
    assert (await session.pop_item())["role"] == "assistant"
    assert (await session.pop_item())["role"] == "user"
    await Runner.run(agent, "Hi, my router drops the wifi. Please reach me by email.", session=session)
    answer = await Runner.run(agent, "How did I ask you to contact me?", session=session)
    assert "email" in answer.final_output and "phone" not in answer.final_output


async def test_pop_item_twice_on_a_tool_turn_leaves_a_valid_history(files):
    """Popping the reply and the tool output leaves an unanswered call stored; the next run still works."""
    agent = support_agent()
    session = TrimmingSession("thread", 6, store=files("chat.db"))
    await Runner.run(agent, "Where is my order ORD-48213?", session=session)
    await session.pop_item()  # the reply
    assert (await session.pop_item())["type"] == "function_call_output"
    assert shapes(await session.raw_items()) == ["message:user", "function_call"]
    result = await Runner.run(agent, "Sorry, I meant order ORD-73914.", session=session)  # no 400
    assert "ORD-73914" in result.final_output
    assert mode.current_api().requests[-1].status == 200


async def test_two_agents_share_one_session(files):
    """Support and billing answer in one thread: each sees what the other was told."""
    billing = Agent(
        name="Billing",
        instructions="You handle invoices and refunds. Use lookup_order for order numbers.",
        tools=[function_tool(lookup_order_backend, name_override="lookup_order")],
        model="gpt-4.1-mini",
    )
    support = support_agent()
    store = files("shared.db")
    shared_by_support = TrimmingSession("thread", 6, store=store)
    shared_by_billing = TrimmingSession("thread", 6, store=store)

    await Runner.run(support, "My order ORD-48213 arrived with a broken router.", session=shared_by_support)
    answer = await Runner.run(billing, "What was my order number?", session=shared_by_billing)
    assert "ORD-48213" in answer.final_output
    await Runner.run(billing, "Please reach me by SMS about the refund.", session=shared_by_billing)
    answer = await Runner.run(support, "How did I ask you to contact me?", session=shared_by_support)
    assert "SMS" in answer.final_output
    assert await shared_by_support.get_items() == await shared_by_billing.get_items()


async def test_separate_sessions_do_not_share(files):
    support = support_agent()
    first = TrimmingSession("a", 6, store=files("x.db", "a"))
    second = TrimmingSession("b", 6, store=files("x.db", "b"))  # same file, another id
    await Runner.run(support, "My order ORD-48213 arrived broken.", session=first)
    answer = await Runner.run(support, "What was my order number?", session=second)
    assert answer.final_output.startswith("I don't know") and "ORD-48213" not in answer.final_output
