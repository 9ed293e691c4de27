"""When a run writes its session, and when the SDK's compaction session compacts: as event order.

Notebook 04 teaches these timings with the SDK's real ``Runner.run_streamed`` and
``OpenAIResponsesCompactionSession`` on the offline model. Here the same runs
are checked as the order of what happened — stream events, session writes,
``run_compaction`` calls — never as seconds:

* a streamed run saves the user message before its first request, each tool
  step once the tool has run, and the reply after its last token;
* automatic compaction runs inside the run: after the reply is saved, before a
  streamed run's event iterator is done, and before ``Runner.run`` returns;
* with a trigger that always says no, the iterator is done before any
  compaction, and ``run_compaction({"force": True})`` compacts afterwards;
* a compaction whose write fails puts the old history back before the error
  reaches the caller.
"""

from __future__ import annotations

from typing import Any

import pytest
from agents import Runner, SQLiteSession
from agents.memory import OpenAIResponsesCompactionSession

from memlab.api import mode
from memlab.scenario import LONG, support_agent
from memlab.turns import item_type

pytestmark = pytest.mark.usefixtures("api")

Item = dict[str, Any]


def kind(item: Item) -> str:
    return f"{item['role']} message" if item_type(item) == "message" else item_type(item)


class NotingStore(SQLiteSession):
    """A ``SQLiteSession`` that notes each write (and clear) on a shared list; its next write may fail once."""

    def __init__(self, session_id: str, events: list[str]) -> None:
        super().__init__(session_id)
        self.events = events
        self.fail_next_write = False

    async def add_items(self, items: list[Item]) -> None:
        if self.fail_next_write:
            self.fail_next_write = False
            self.events.append("write failed")
            raise ConnectionError("the store went away")
        self.events.append("saved " + ", ".join(kind(item) for item in items))
        await super().add_items(items)

    async def clear_session(self) -> None:
        self.events.append("cleared")
        await super().clear_session()


class NotingCompaction(OpenAIResponsesCompactionSession):
    """The SDK's compaction session; notes each ``run_compaction`` call and whether it compacted."""

    async def run_compaction(self, args: Any = None, **kwargs: Any) -> None:
        before = len(await self.get_items())
        await super().run_compaction(args, **kwargs)
        compacted = len(await self.get_items()) != before
        self.underlying_session.events.append("compacted" if compacted else "run_compaction declined")


def compaction_session(name: str, events: list[str], **options: Any) -> NotingCompaction:
    store = NotingStore(name, events)
    return NotingCompaction(name, store, client=mode.client(), model=support_agent().model, **options)


async def streamed(text: str, session: Any, events: list[str]) -> None:
    """One streamed turn of the support agent; its run items and raw response events noted in order."""
    result = Runner.run_streamed(support_agent(), text, session=session)
    async for event in result.stream_events():
        if event.type == "run_item_stream_event":
            events.append(event.name)
        elif event.type == "raw_response_event" and event.data.type in ("response.created", "response.output_text.done"):
            events.append(event.data.type)
    events.append("iterator done")


async def warm_up(session: Any, turns: int) -> None:
    for text in LONG.user_turns[:turns]:
        await Runner.run(support_agent(), text, session=session)


async def test_a_streamed_run_saves_the_question_first_each_tool_step_as_it_runs_and_the_reply_last() -> None:
    events: list[str] = []
    store = NotingStore("streamed", events)
    await warm_up(store, 1)
    events.clear()
    await streamed(LONG.user_turns[1], store, events)  # an order lookup
    assert events == [
        "saved user message",
        "response.created",  # the request that asks for the tool
        "tool_called",
        "saved function_call, function_call_output",
        "tool_output",
        "response.created",  # the request that writes the reply
        "response.output_text.done",
        "message_output_created",
        "saved assistant message",
        "iterator done",
    ]


async def test_automatic_compaction_runs_after_the_reply_is_saved_and_before_the_stream_ends() -> None:
    events: list[str] = []
    session = compaction_session("automatic", events)
    await warm_up(session, 5)
    assert events[-1] == "run_compaction declined"  # called after every turn; nine candidates are not ten
    events.clear()
    await streamed(LONG.user_turns[5], session, events)
    last_token = events.index("response.output_text.done")
    saved = events.index("saved assistant message")
    assert last_token < saved < events.index("compacted") < events.index("iterator done") == len(events) - 1
    assert [kind(item) for item in await session.get_items()] == ["user message"] * 6 + ["compaction"]


async def test_runner_run_returns_only_after_the_compaction() -> None:
    events: list[str] = []
    session = compaction_session("not-streamed", events)
    await warm_up(session, 6)
    events.append("Runner.run returned")
    assert events[-2:] == ["compacted", "Runner.run returned"]


async def test_with_a_trigger_that_says_no_the_stream_ends_first_and_a_forced_compaction_runs_when_called() -> None:
    events: list[str] = []
    session = compaction_session("on-demand", events, should_trigger_compaction=lambda context: False)
    await warm_up(session, 5)
    events.clear()
    await streamed(LONG.user_turns[5], session, events)
    assert "compacted" not in events and events[-2:] == ["run_compaction declined", "iterator done"]
    assert len(await session.get_items()) == 16
    await session.run_compaction({"force": True})
    assert events[-1] == "compacted"
    assert [kind(item) for item in await session.get_items()] == ["user message"] * 6 + ["compaction"]


async def test_a_compaction_whose_write_fails_restores_the_history_before_the_error_surfaces() -> None:
    events: list[str] = []
    session = compaction_session("failing", events, should_trigger_compaction=lambda context: False)
    await warm_up(session, 5)
    before = await session.get_items()
    events.clear()
    session.underlying_session.fail_next_write = True
    with pytest.raises(ConnectionError):
        try:
            await session.run_compaction({"force": True})
        finally:
            events.append("error raised")
    assert events == ["cleared", "write failed", "cleared", "saved " + ", ".join(kind(item) for item in before), "error raised"]
    assert await session.get_items() == before
