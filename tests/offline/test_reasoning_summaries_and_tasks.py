"""A reasoning model asked for a summary of its reasoning (``reasoning.summary``, as the SDK's
``reasoning_content`` examples ask) gets one, streamed as the real API streams it; and a message that
states something, then sets a task, is told the task cannot be done offline, not "Noted"."""

from __future__ import annotations

import pytest
from agents import Agent, ModelSettings, Runner, function_tool
from agents.items import ReasoningItem
from agents.model_settings import Reasoning

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def tide_times(harbour: str) -> str:
    """Today's high and low tide times for a harbour."""
    return f"{harbour}: high tide 06:12 and 18:40, low tide 00:05 and 12:25."


def agent(summary: str | None, tools=()) -> Agent:
    return Agent(name="Skipper", instructions="You help sailors plan the day. Explain your reasoning.", tools=list(tools),
                 model="gpt-5-mini", model_settings=ModelSettings(reasoning=Reasoning(effort="high", summary=summary)))


def summaries(result) -> list[str]:
    return [part.text for item in result.new_items if isinstance(item, ReasoningItem) for part in item.raw_item.summary]


async def test_a_summary_asked_for_says_which_tool_is_called_and_then_where_the_answer_comes_from() -> None:
    result = await Runner.run(agent("auto", [tide_times]), "When is high tide in Brixham today?")
    said = summaries(result)
    assert len(said) == 2, said  # one per response: the call, then the answer
    assert "tide_times" in said[0] and said[0].startswith("**")
    assert "tide_times" not in said[1] and "answer" in said[1]
    assert "06:12" in result.final_output


@pytest.mark.parametrize("summary", ["concise", "detailed"])
async def test_every_kind_of_summary_is_given(summary) -> None:
    result = await Runner.run(agent(summary), "Is it a good day to sail?")
    assert summaries(result) and all(text.strip() for text in summaries(result))


async def test_no_summary_is_given_unless_asked() -> None:
    result = await Runner.run(agent(None, [tide_times]), "When is low tide in Dartmouth?")
    assert [item for item in result.new_items if isinstance(item, ReasoningItem)]
    assert summaries(result) == []


async def test_a_streamed_summary_arrives_in_deltas_that_add_up_to_its_text() -> None:
    stream = Runner.run_streamed(agent("auto"), "Should I reef the mainsail in 25 knots?")
    deltas, done, kinds = [], [], []
    async for event in stream.stream_events():
        if event.type == "raw_response_event":
            kinds.append(event.data.type)
            if event.data.type == "response.reasoning_summary_text.delta":
                deltas.append(event.data.delta)
            elif event.data.type == "response.reasoning_summary_text.done":
                done.append(event.data.text)
    assert done and "".join(deltas) == done[0] == summaries(stream)[0]
    order = [kind for kind in kinds if "reasoning_summary" in kind]
    assert order[0] == "response.reasoning_summary_part.added" and order[-1] == "response.reasoning_summary_part.done"
    assert kinds.index("response.reasoning_summary_part.done") < kinds.index("response.output_text.delta")


@pytest.mark.parametrize("message", [
    "A recursive function uses T(n) = 2 * T(n - 1) + 1 with T(0) = 1. Compute T(20) and derive a closed form.",
    "My savings are 4,000 EUR at 3% a year. Calculate what they will be worth in ten years.",
    "Our garden is 12 m long and 7 m wide. Please calculate how much turf we need.",
])
async def test_a_statement_then_a_task_is_a_task_the_model_cannot_do_offline(message) -> None:
    plain = Agent(name="Helper", instructions="You are a helpful assistant.")
    answer = (await Runner.run(plain, message)).final_output
    assert answer.startswith("I can't do that") and not answer.startswith("Noted"), answer


async def test_a_statement_alone_is_still_noted() -> None:
    plain = Agent(name="Helper", instructions="You are a helpful assistant.")
    answer = (await Runner.run(plain, "My boat is called Wren. She is moored at Brixham.")).final_output
    assert answer.startswith("Noted"), answer
