"""The Agents SDK's own example scripts, verbatim, against the stand-in over HTTP.

The scripts (``tests/data/sdk_examples``, copied unchanged from the SDK's repository) run in one
Python process of their own, with the environment a learner would set for a local endpoint
(``OPENAI_BASE_URL``, a dummy key, tracing off) and the SDK's own switch for unattended runs
(``EXAMPLES_INTERACTIVE_MODE=auto``: each ``input()`` takes the example's own sample text). Each
test checks what its example exists to show, from what the script printed and from the requests
the stand-in answered: the tool called, the handoff made, the agents used as tools, the guardrail
tripped, the output parsed into its type, the history kept.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from memlab.offline.api import OfflineAPI
from memlab.offline.server import serve

EXAMPLES = Path(__file__).parents[1] / "data" / "sdk_examples"
MODULES = ["examples.basic.tools", "examples.basic.lifecycle_example", "examples.basic.agent_lifecycle_example",
           "examples.agent_patterns.routing", "examples.agent_patterns.agents_as_tools",
           "examples.agent_patterns.agents_as_tools_conditional", "examples.agent_patterns.input_guardrails",
           "examples.agent_patterns.output_guardrails", "examples.agent_patterns.deterministic",
           "examples.agent_patterns.llm_as_a_judge", "examples.agent_patterns.streaming_guardrails",
           "examples.memory.sqlite_session_example"]
#: Runs each module as ``python -m`` would, in turn (each with a new client: the SDK keeps one per process, tied
#: to the event loop of the first ``asyncio.run``); a failing one is reported and the next still runs. Before
#: each, one request whose input is the module's name marks, in the stand-in's log, where its requests start.
RUN_EACH = """
import json, os, runpy, sys, traceback, urllib.request
import agents, openai
for name in sys.argv[1:]:
    print("@@@ example " + name, flush=True)
    mark = json.dumps({"model": "gpt-4.1", "input": "=== " + name}).encode()
    urllib.request.urlopen(urllib.request.Request(os.environ["OPENAI_BASE_URL"] + "/responses", data=mark,
                           headers={"Content-Type": "application/json", "Authorization": "Bearer sk-anything"}))
    agents.set_default_openai_client(openai.AsyncOpenAI())  # a client per example, as a process of its own has
    try:
        runpy.run_module(name, run_name="__main__", alter_sys=True)
    except SystemExit as stop:  # exit() ends an example; exit(0) is its normal end
        if stop.code not in (None, 0):
            print(f"EXAMPLE FAILED: exit({stop.code!r})", flush=True)
    except BaseException:
        traceback.print_exc(file=sys.stdout)
        print("EXAMPLE FAILED", flush=True)
"""

pytestmark = [pytest.mark.process, pytest.mark.xdist_group("sdk_examples")]


@pytest.fixture(scope="module")
def ran(tmp_path_factory) -> dict[str, tuple[str, list[dict]]]:
    """What each example printed, and the output items of every response the stand-in gave it."""
    api = OfflineAPI(keep=2000)
    with serve(api) as stand_in:
        env = {**os.environ, "OPENAI_BASE_URL": stand_in.url, "OPENAI_API_KEY": "sk-anything",
               "OPENAI_AGENTS_DISABLE_TRACING": "1", "EXAMPLES_INTERACTIVE_MODE": "auto", "PYTHONPATH": str(EXAMPLES)}
        done = subprocess.run([sys.executable, "-c", RUN_EACH, *MODULES], env=env, capture_output=True, text=True,
                              timeout=600, cwd=tmp_path_factory.mktemp("examples"))
    assert done.returncode == 0, done.stderr[-3000:]
    printed = {chunk.split("\n", 1)[0]: chunk.split("\n", 1)[1] for chunk in done.stdout.split("@@@ example ")[1:]}
    answered: dict[str, list[dict]] = {name: [] for name in MODULES}
    sender = ""
    for served in api.requests:
        if str(served.body.get("input", "")).startswith("=== "):
            sender = served.body["input"][4:]
        elif sender and isinstance(served.response, dict):
            answered[sender].extend(served.response.get("output") or [])
    return {name: (printed.get(name, ""), answered[name]) for name in MODULES}


def calls(output: list[dict]) -> list[str]:
    return [item["name"] for item in output if item.get("type") == "function_call"]


def test_every_example_runs_to_its_end(ran) -> None:
    failed = {name: text[-1500:] for name, (text, _) in ran.items() if "EXAMPLE FAILED" in text or not text}
    assert not failed, failed


def test_tools_the_weather_tool_is_called_and_its_result_answered(ran) -> None:
    printed, output = ran["examples.basic.tools"]
    assert calls(output) == ["get_weather"]
    assert "Tokyo" in printed and "Sunny" in printed, printed


def test_lifecycle_the_tool_runs_and_the_output_type_is_parsed(ran) -> None:
    printed, output = ran["examples.basic.lifecycle_example"]
    assert "random_number" in calls(output)
    assert "ended with output number=" in printed, printed  # the FinalResult model, parsed from the JSON


def test_agent_lifecycle_an_odd_number_is_handed_off_and_multiplied_by_the_desk_s_tool(ran) -> None:
    printed, output = ran["examples.basic.agent_lifecycle_example"]  # auto mode's random number is 37: odd
    assert calls(output) == ["random_number", "transfer_to_multiply_agent", "multiply_by_two"], calls(output)
    assert "handed off to Multiply Agent" in printed and "ended with output number=74" in printed, printed


def test_agents_as_tools_conditional_each_language_asked_for_gets_the_question(ran) -> None:
    printed, output = ran["examples.agent_patterns.agents_as_tools_conditional"]
    sent = {item["name"]: item["arguments"] for item in output if item.get("type") == "function_call"}
    assert {"respond_spanish", "respond_french"} <= set(sent), sent  # "Answer in Spanish and French: How do..."
    assert all("How do you say good morning?" in sent[name] for name in ("respond_spanish", "respond_french")), sent


def test_routing_the_triage_agent_hands_off(ran) -> None:
    printed, output = ran["examples.agent_patterns.routing"]
    assert any(name.startswith("transfer_to_") for name in calls(output)), output


def test_agents_as_tools_each_translator_asked_for_is_called(ran) -> None:
    _, output = ran["examples.agent_patterns.agents_as_tools"]
    assert {"translate_to_french", "translate_to_spanish"} <= set(calls(output)), calls(output)


def test_input_guardrails_trip_on_the_math_homework_and_only_there(ran) -> None:
    printed, _ = ran["examples.agent_patterns.input_guardrails"]
    assert printed.count("Sorry, I can't help you with your math homework.") == 1, printed


def test_output_guardrails_trip_on_the_phone_number(ran) -> None:
    printed, _ = ran["examples.agent_patterns.output_guardrails"]
    assert "First message passed" in printed and "Guardrail tripped" in printed, printed


def test_deterministic_the_outline_is_checked_by_a_parsed_output_type(ran) -> None:
    printed, _ = ran["examples.agent_patterns.deterministic"]
    assert "Outline generated" in printed and "quality" in printed, printed


def test_streaming_guardrails_a_plain_answer_is_judged_readable_by_the_checker(ran) -> None:
    printed, output = ran["examples.agent_patterns.streaming_guardrails"]
    judged = [json.loads(part["text"]) for item in output if item.get("type") == "message"
              for part in item["content"] if part.get("text", "").startswith("{")]
    assert judged and all(verdict["is_readable_by_ten_year_old"] for verdict in judged), judged  # the checker ran
    assert "Guardrail triggered" not in printed and "user" not in judged[-1]["reasoning"], printed


def test_llm_as_a_judge_the_evaluator_is_obeyed_and_the_loop_ends(ran) -> None:
    printed, _ = ran["examples.agent_patterns.llm_as_a_judge"]
    scores = [line.split(":", 1)[1].strip() for line in printed.splitlines() if line.startswith("Evaluator score:")]
    assert scores and scores[0] != "pass" and scores[-1] == "pass", printed  # "never give it a pass on the first try"


def test_sqlite_session_the_history_is_kept_across_runs(ran) -> None:
    printed, _ = ran["examples.memory.sqlite_session_example"]
    assert "Total items in session:" in printed, printed
