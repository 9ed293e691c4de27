"""What the tests share besides the doubles (:mod:`tests.fakes`): histories, oracles, the offline mode, ports.

Single items come from memlab's own builders (:mod:`memlab.items`).
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from agents import Agent, Runner, SQLiteSession

from memlab.items import assistant, call, output, reasoning, user


def turn(n: int, *, tool: bool = False) -> list[dict[str, Any]]:
    """One turn: a user message, optionally a reasoning + tool call + output, then a reply."""
    items = [user(f"question {n}")]
    if tool:
        items += [reasoning(f"rs_{n}"), call(f"call_{n}"), output(f"call_{n}", f"result {n}")]
    items.append(assistant(f"answer {n}", f"msg_{n}"))
    return items


def conversation(n_turns: int, *, tool_every: int = 2) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    for n in range(1, n_turns + 1):
        items += turn(n, tool=tool_every > 0 and n % tool_every == 0)
    return items


# ------------------------------------------------------------------ oracles


def orphans(view: list[dict[str, Any]]) -> list[str]:
    """Describe every orphan in ``view`` (empty when the Responses API would accept it).

    Written without memlab, so it can judge memlab: a ``function_call_output``
    before (or without) its call, a ``function_call`` with no output after it
    (the next run's input would follow it), a reasoning item not followed by a
    call or a reply.
    """
    found = []
    calls_seen: set[str] = set()
    for i, item in enumerate(view):
        kind, later = item.get("type", "message"), view[i + 1 :]
        if kind == "function_call_output" and item["call_id"] not in calls_seen:
            found.append(f"output {item['call_id']} without its call")
        elif kind == "function_call":
            calls_seen.add(item["call_id"])
            if not any(x.get("type") == "function_call_output" and x["call_id"] == item["call_id"] for x in later):
                found.append(f"call {item['call_id']} without its output")
        elif kind == "reasoning":
            follower = later[0] if later else {}
            if not (follower.get("type") == "function_call" or follower.get("role") == "assistant"):
                found.append(f"reasoning {item.get('id')} not followed by a call or a reply")
    return found


def sdk_pruned(history: list[dict[str, Any]], *, limited: bool) -> list[dict[str, Any]]:
    """What the SDK (0.24) keeps of a session's history before it calls the model.

    The runner drops tool calls without outputs (and the reasoning before
    them) from history; when the history was read with a ``limit``, it also
    drops the outputs whose calls the limit cut away.
    """
    from agents.run_internal.items import drop_orphan_function_calls

    indexes = set(range(len(history)))
    return drop_orphan_function_calls(
        list(history), pruning_indexes=indexes, output_pruning_indexes=indexes if limited else None
    )


def free_port() -> int:
    """A loopback port nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def scripted(conversation: Any) -> list[dict[str, Any]]:
    """A scripted conversation's full history as the offline model plays it, without the Runner."""
    from memlab.offline.model import play
    from memlab.scenario import BACKENDS, INSTRUCTIONS, tool_definitions

    return play(conversation.user_turns, tool_definitions(), BACKENDS, INSTRUCTIONS)


def offline_summarizer(api: Any = None, **options: Any) -> Any:
    """memlab's ``LLMSummarizer`` talking to the offline model (a fresh ``OfflineAPI`` unless ``api`` is given)."""
    from memlab.offline.api import OfflineAPI
    from memlab.offline.client import offline_client
    from memlab.summarizer import LLMSummarizer

    return LLMSummarizer(offline_client(api or OfflineAPI()), **options)


@contextmanager
def offline_mode() -> Iterator[Any]:
    """memlab in offline mode on a fresh ``OfflineAPI`` (yielded) for the block; afterwards as it was before.

    ``mode.configure("offline")`` sets process-wide state: the SDK's default
    client and default API, memlab's current offline API and the wire. All of
    it is put back when the block ends, so no test runs on a client another
    test left behind. The ``api`` fixture (``tests/conftest.py``) is this, for one test.
    """
    from agents.models import _openai_shared

    from memlab.api import mode, wire
    from memlab.offline.api import OfflineAPI

    sdk_client, sdk_uses_responses = _openai_shared._default_openai_client, _openai_shared._use_responses_by_default
    memlab_api, memlab_wire = mode._current, wire._current
    api = OfflineAPI()
    mode.configure("offline", api=api)
    try:
        yield api
    finally:
        _openai_shared._default_openai_client = sdk_client
        _openai_shared._use_responses_by_default = sdk_uses_responses
        mode._current, wire._current = memlab_api, memlab_wire


@contextmanager
def live_on_a_stand_in(monkeypatch: Any) -> Iterator[Any]:
    """Live mode against a stand-in on loopback (yielded), the explorers' replay cache empty before and after.

    Use it inside the ``api`` fixture, which puts offline mode back afterwards. Closing the live
    client is the caller's: it must happen on the loop that opened its connections.
    """
    from memlab.api import mode
    from memlab.lab.widgets import clear_replays
    from memlab.offline.server import serve

    with serve() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-memlab-test")
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        mode.configure("live")
        clear_replays()
        try:
            yield server
        finally:
            clear_replays()


async def tool_calls(tools: list[Any], message: str) -> tuple[list[tuple[str, Any]], Any]:
    """The calls (name, arguments) an agent told to use ``tools`` makes for ``message``, and its final output."""
    agent = Agent(name="Helper", instructions="You are a helpful assistant. Use your tools.", tools=tools)
    result = await Runner.run(agent, message)
    calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
    return calls, result.final_output


async def turns(agent: Agent, said: list[str]) -> list[tuple[list[tuple[str, Any]], str]]:
    """Each message's calls (name, arguments) and reply, said in turn in one in-memory session."""
    session, out = SQLiteSession(":memory:"), []
    for message in said:
        result = await Runner.run(agent, message, session=session)
        calls = [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]
        out.append((calls, str(result.final_output)))
    return out


def noted_chat(*turns: str) -> list[dict[str, str]]:
    """A conversation of the user's ``turns``, each but the last answered "Noted." (the last one is asked)."""
    return [*said(*turns[:-1]), {"role": "user", "content": turns[-1]}]


def said(*texts: str) -> list[dict[str, str]]:
    """A conversation of the user's ``texts``, each answered "Noted." (what a note is written from)."""
    return [item for text in texts for item in ({"role": "user", "content": text},
                                                {"role": "assistant", "content": "Noted."})]


def sections(note: str) -> dict[str, str]:
    """Each section of a note by its heading (without "#", a number or a colon), and its "- " lines."""
    out: dict[str, str] = {}
    heading = ""
    for line in note.splitlines():
        if line.strip() and not line.startswith("-"):
            heading = line.strip("#: ").split(". ", 1)[-1]
            out[heading] = ""
        elif line.startswith("-"):
            out[heading] += line + "\n"
    return out


def offline_response(message: str | list[dict], instructions: str = "", **body: object) -> dict:
    """The offline model's whole response to one message (or a list of items), sent straight to :class:`OfflineAPI`."""
    from memlab.offline.api import OfflineAPI

    return OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": instructions, "input": message, **body})


def offline_reply(message: str | list[dict], instructions: str = "", **body: object) -> str:
    """The offline model's reply text to one message."""
    return offline_response(message, instructions, **body)["output"][-1]["content"][0]["text"]


def offline_form(schema: dict, message: str) -> dict:
    """The JSON the offline model fills ``schema`` with from ``message``."""
    return json.loads(offline_reply(message, "Fill in the form from the message.", text={"format": {
        "type": "json_schema", "name": "form", "schema": schema, "strict": False}}))


def offline_calls(tools: list[dict], message: str | list[dict], instructions: str = "Use your tools.",
                  **body: object) -> list[tuple[str, dict]]:
    """The calls (name, arguments) the offline model makes of ``tools`` for ``message``."""
    made = offline_response(message, instructions, tools=tools, **body)["output"]
    return [(item["name"], json.loads(item["arguments"])) for item in made if item["type"] == "function_call"]


def tool_turn(message: str, name: str, arguments: dict, output: object, reply: str, n: int) -> list[dict]:
    """One earlier turn with a tool: the user's message, the call the model made, what it returned and the model's reply."""
    return [{"role": "user", "content": message},
            {"type": "function_call", "name": name, "arguments": json.dumps(arguments), "call_id": f"c{n}"},
            {"type": "function_call_output", "call_id": f"c{n}", "output": output if isinstance(output, str) else json.dumps(
                output)},
            {"role": "assistant", "content": reply}]


def function_tool(name: str, description: str, properties: dict, required: list[str] | None = None) -> dict:
    """A function tool as the Responses API takes it (every property required unless ``required`` says)."""
    return {"type": "function", "name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": list(properties) if required is None else required}}
