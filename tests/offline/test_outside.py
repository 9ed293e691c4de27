"""Code memlab did not write, against the offline model: the cookbook's notebook, the SDK's example patterns,
a learner's own ``openai.OpenAI()``.

* The cookbook's notebook (``examples/agents_sdk/session_memory.ipynb`` in
  openai/openai-cookbook) is rebuilt from its code cells, verbatim
  (``tests/data/cookbook_session_memory_code.json``), and executed in a
  kernel that talks to the stand-in over HTTP, as a learner's copy would.
* The SDK's examples (``examples/`` in openai/openai-agents-python) are
  rebuilt here in this file's own code, one test per pattern, each checking
  what its example exists to show: the tool called, the handoff made, the
  agents used as tools, the output parsed, the history kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import openai
import pytest
from agents import Agent, ModelSettings, Runner, SQLiteSession, function_tool
from agents.memory import OpenAIResponsesCompactionSession
from nbclient import NotebookClient
from pydantic import BaseModel, Field

from memlab.api import mode
from memlab.offline.api import OfflineAPI
from memlab.offline.server import serve

DATA = Path(__file__).parents[1] / "data"
COOKBOOK = json.loads((DATA / "cookbook_session_memory_code.json").read_text())
COOKBOOK_HEADINGS = ["Product & Environment", "Reported Issue", "Steps Tried & Results", "Identifiers",
                     "Timeline Milestones", "Tool Performance Insights", "Current Status & Blockers",
                     "Next Recommended Step"]


@pytest.mark.process
def test_the_cookbooks_notebook_runs_verbatim_and_its_summary_follows_its_prompt(tmp_path, monkeypatch) -> None:
    """Every code cell of the cookbook but its ``%pip install`` (nothing is installed offline), unchanged."""
    cells = [nbformat.v4.new_code_cell(source) for source in COOKBOOK["cells"] if not source.lstrip().startswith("%pip")]
    notebook = nbformat.v4.new_notebook(cells=cells)
    with serve(OfflineAPI()) as stand_in:
        for name, value in (("OPENAI_BASE_URL", stand_in.url), ("OPENAI_API_KEY", "sk-anything"),
                            ("OPENAI_AGENTS_DISABLE_TRACING", "1")):
            monkeypatch.setenv(name, value)
        NotebookClient(notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
        served = stand_in.requests_served
    printed = [output.get("text", "") for cell in notebook.cells for output in cell.get("outputs", [])
               if output.get("output_type") == "stream"]
    summary = printed[-1]  # the last cell prints the summary its SummarizingSession stored
    print(summary)
    at = [summary.find(heading) for heading in COOKBOOK_HEADINGS]
    assert all(position >= 0 for position in at) and at == sorted(at), summary  # every section, in the prompt's order
    assert "Windows 10" in summary and "v1.0.3" in summary and "42" in summary  # filled from what the customer said
    assert len(summary.split()) <= 230  # the prompt's "≤ 200 words", headings aside
    assert served >= 3  # the agent's run and the summarizer's requests went over HTTP


# ------------------------------------------------------------------ the SDK's example patterns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def get_weather(city: str) -> str:
    """Get the current weather information for a specified city.

    Args:
        city: The city to get the weather for.
    """
    return json.dumps({"city": city, "temperature_range": "14-20C", "conditions": "Sunny with wind."})


async def test_basic_tools_the_tool_is_called_and_its_result_answered() -> None:
    agent = Agent(name="Hello world", instructions="You are a helpful agent.", tools=[get_weather])
    result = await Runner.run(agent, input="What's the weather in Tokyo?")
    (call,) = [i.raw_item for i in result.new_items if i.type == "tool_call_item"]
    assert call.name == "get_weather" and json.loads(call.arguments) == {"city": "Tokyo"}
    assert "Sunny with wind" in result.final_output


async def test_forcing_tool_use_required_and_stop_on_first_tool() -> None:
    agent = Agent(name="Weather agent", instructions="You are a helpful agent.", tools=[get_weather],
                  model_settings=ModelSettings(tool_choice="required"), tool_use_behavior="stop_on_first_tool")
    result = await Runner.run(agent, input="Tell me something nice.")
    assert json.loads(result.final_output)["conditions"] == "Sunny with wind."  # the tool's output is the answer


async def test_routing_the_triage_agent_hands_off_by_language() -> None:
    agents = {language: Agent(name=f"{language}_agent", instructions=f"You only speak {language.title()}")
              for language in ("french", "spanish", "english")}
    triage = Agent(name="triage_agent", instructions="Handoff to the appropriate agent based on the language of the request.",
                   handoffs=list(agents.values()))
    result = await Runner.run(triage, "Hello, how do I say good evening in French?")
    assert result.last_agent.name == "french_agent"


async def test_agents_as_tools_each_translator_asked_is_called() -> None:
    def translator(language: str) -> Agent:
        return Agent(name=f"{language}_agent", instructions=f"You translate the user's message to {language.title()}",
                     handoff_description=f"An english to {language} translator")

    orchestrator = Agent(
        name="orchestrator_agent",
        instructions="You are a translation agent. You use the tools given to you to translate. "
                     "You never translate on your own, you always use the provided tools.",
        tools=[translator(language).as_tool(tool_name=f"translate_to_{language}",
                                            tool_description=f"Translate the user's message to {language.title()}")
               for language in ("spanish", "french", "italian")],
    )
    result = await Runner.run(orchestrator, "Translate 'Hello, world!' to French and Spanish.")
    called = sorted(i.raw_item.name for i in result.new_items if i.type == "tool_call_item")
    assert called == ["translate_to_french", "translate_to_spanish"]


class Evaluation(BaseModel):
    feedback: str
    score: str


async def test_structured_output_is_parsed_into_the_output_type() -> None:
    judge = Agent(name="evaluator", instructions="Evaluate the story outline; give feedback and a score.",
                  output_type=Evaluation)
    result = await Runner.run(judge, "A detective story set on a space station.")
    assert isinstance(result.final_output, Evaluation) and result.final_output.feedback


async def test_sqlite_session_the_history_is_kept_across_runs() -> None:
    agent = Agent(name="Assistant", instructions="Reply very concisely.")
    session = SQLiteSession("conversation_123")
    await Runner.run(agent, "My favourite bridge is the Golden Gate Bridge.", session=session)
    result = await Runner.run(agent, "Which bridge is my favourite?", session=session)
    assert "Golden Gate" in result.final_output


async def test_compaction_session_compacts_and_the_facts_survive() -> None:
    underlying = SQLiteSession("compaction")
    session = OpenAIResponsesCompactionSession(session_id="compaction", underlying_session=underlying,
                                               client=mode.client())
    agent = Agent(name="Assistant", instructions="Help.")
    for text in ("My booking code is QX7K2M.", "I'd like a window seat.", "Thanks!"):
        await Runner.run(agent, text, session=session)
    await session.run_compaction({"force": True})
    kinds = [item.get("type", "message") for item in await underlying.get_items()]
    assert kinds[-1] == "compaction"
    result = await Runner.run(agent, "What's my booking code?", session=session)
    assert "QX7K2M" in result.final_output


async def test_a_streamed_run_reports_the_tool_call_and_the_text() -> None:
    agent = Agent(name="Joker", instructions="Help.", tools=[get_weather])
    result = Runner.run_streamed(agent, input="What's the weather in Madrid?")
    kinds = [event.item.type async for event in result.stream_events()
             if event.type == "run_item_stream_event" and event.item.type != "reasoning_item"]
    assert kinds == ["tool_call_item", "tool_call_output_item", "message_output_item"]


# ------------------------------------------------------------------ a learner's own client


def test_a_learners_own_openai_client_reaches_the_offline_model(api) -> None:
    """Offline, ``openai.OpenAI()`` with no arguments is answered by memlab's fake (served on a loopback port)."""
    assert os.environ["OPENAI_BASE_URL"].startswith("http://127.0.0.1:")
    before = len(api.requests)
    with openai.OpenAI() as client:
        reply = client.responses.create(model="gpt-4.1-mini", input=[{"role": "user", "content": "My PIN is 4321."},
                                                                    {"role": "user", "content": "What's my PIN?"}])
    assert "4321" in reply.output_text and len(api.requests) == before + 1
    fresh = OfflineAPI()
    mode.configure("offline", api=fresh)
    with openai.OpenAI() as client:
        assert client.responses.create(model="m", input="hi").output_text
    assert len(fresh.requests) == 1  # the newly configured API answers from now on


class TranslationInput(BaseModel):  # the example's, verbatim
    text: str = Field(description="Text to translate.")
    source: str = Field(description="Source language code or name.")
    target: str = Field(description="Target language code or name.")


async def test_agents_as_tools_structured_the_data_is_read_and_the_sdks_preamble_is_not_echoed() -> None:
    """``examples/agent_patterns/agents_as_tools_structured.py``: the tool's agent is sent a preamble, the data
    in a fenced JSON block and a schema summary; it answers the data as it answers the plain request."""
    translator = Agent(name="translator", instructions="Translate the input text into the target language. "
                       "If the target is not clear, ask the user for clarification.")
    orchestrator = Agent(name="orchestrator", instructions="You are a task dispatcher. Always call the tool with "
                         "sufficient input. Do not handle the translation yourself.",
                         tools=[translator.as_tool(tool_name="translate_text", parameters=TranslationInput,
                                                   tool_description="Translate text between languages. Provide "
                                                                    "text, source language, and target language.")])
    query = 'Translate "Hola" from Spanish to French.'
    direct = (await Runner.run(translator, query)).final_output
    result = await Runner.run(orchestrator, query)
    [call] = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
    assert call == {"text": "Hola", "source": "Spanish", "target": "French"}
    [output] = [i.output for i in result.new_items if i.type == "tool_call_output_item"]
    assert output == direct and "called as a tool" not in output


class CityInput(BaseModel):
    city: str = Field(description="The city to report on.")


async def test_an_agent_called_as_a_tool_with_structured_input_fills_its_own_tool_from_the_data() -> None:
    @function_tool
    def forecast(city: str) -> str:
        """Today's weather for a city."""
        return {"oslo": "rain, 9°C"}.get(city.lower(), "no data")

    weather = Agent(name="weather", instructions="Report the weather.", tools=[forecast])
    desk = Agent(name="desk", instructions="Always call the tool.",
                 tools=[weather.as_tool(tool_name="ask_weather", tool_description="The weather in a city.",
                                        parameters=CityInput)])
    result = await Runner.run(desk, "How is the weather in Oslo?")
    [output] = [i.output for i in result.new_items if i.type == "tool_call_output_item"]
    assert "rain" in output and "called as a tool" not in output
