"""A learner's stock-price agent on a reasoning model (reasoning items kept out of the store), under trimming and
summarizing: a word such as "first" or "cheapest" is no ticker to look up, and a note pairs each call with its own
result, not with every later result of the same tool."""

from __future__ import annotations

import json

import openai
import pytest
from agents import Agent, ModelSettings, Runner, function_tool
from agents.model_settings import Reasoning

from memlab import LLMSummarizer, SummarizingSession, TrimmingSession

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_stock(ticker: str) -> str:
    """Get the latest price for a stock ticker."""
    return f"{ticker.upper()}: {len(ticker) * 61.5:.2f} USD today."


AGENT = Agent(name="Broker", instructions="You answer questions about stock prices with the tool.", tools=[get_stock],
              model="gpt-5-mini", model_settings=ModelSettings(reasoning=Reasoning(effort="low"), store=False,
                                                               response_include=["reasoning.encrypted_content"]))


def calls(result) -> list[dict]:
    return [json.loads(item.raw_item.arguments) for item in result.new_items if item.type == "tool_call_item"]


@pytest.mark.parametrize("question", ["Which ticker did I ask about first?", "Which stock is cheapest?",
                                      "Which symbol did I look up last?"])
async def test_an_ordinal_or_a_superlative_is_no_ticker(question) -> None:
    session = TrimmingSession("stocks", max_turns=1)
    for text in ("What's AAPL trading at?", "And MSFT?"):
        await Runner.run(AGENT, text, session=session)
    result = await Runner.run(AGENT, question, session=session)
    assert all(call["ticker"].isupper() for call in calls(result)), calls(result)


async def test_a_note_pairs_each_call_with_its_own_result() -> None:
    async with openai.AsyncOpenAI() as client:
        session = SummarizingSession(keep_last_n_turns=1, context_limit=3, summarizer=LLMSummarizer(client))
        for text in ("What's AAPL trading at?", "And MSFT?", "My budget is 5000 USD.", "What's my budget?"):
            await Runner.run(AGENT, text, session=session)
        note = str((await session.get_items())[1]["content"])
    lines = [line for line in note.splitlines() if line.startswith("- get_stock(")]
    assert len(lines) == 2, note
    assert "AAPL" in lines[0] and "MSFT" not in lines[0]  # the AAPL call's own result only
    assert "MSFT: 246.00 USD" in lines[1]
