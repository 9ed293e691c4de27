"""A tool result with nested records, told back in a reply a reader can take in.

When nothing in the message asks for one field, the model tells the result's fields. Records listed inside a
result are told by what names each ("steps (2): lint pass / unit tests fail"), not field by field with their keys
repeated; an inner record is one phrase; a flag is "yes" or "no", not Python's ``True``. Tools and results are our
own.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

BUILD = {"build": "B-7", "status": "failed", "passed": False,
         "steps": [{"name": "lint", "result": "pass"}, {"name": "unit tests", "result": "fail"}],
         "artifacts": [{"file_name": "app.zip", "size_mb": 12, "sha": "9f2c"}],
         "runner": {"os": "linux", "cores": 4}}
PARCEL = {"parcel": "PX-1182", "events": [{"date": "2026-04-02", "event": "picked up"},
                                          {"date": "2026-04-03", "event": "at the depot"}]}


@function_tool
def get_build(build_id: str) -> str:
    """Get a CI build's result.

    Args:
        build_id: The build, such as B-12.
    """
    return json.dumps(BUILD)


@function_tool
def track_parcel(parcel_id: str) -> str:
    """Track a parcel.

    Args:
        parcel_id: The parcel number, such as PX-1000.
    """
    return json.dumps(PARCEL)


def reply(text: str, tool) -> str:
    agent = Agent(name="Ops", instructions="Use the tools.", tools=[tool], model="gpt-4.1-mini")
    return str(asyncio.run(Runner.run(agent, text)).final_output)


def test_listed_records_are_told_by_what_names_them() -> None:
    answer = reply("Pull up build B-7 for me.", get_build)
    assert "steps (2): lint pass / unit tests fail" in answer
    assert "artifacts (1): app.zip" in answer
    assert "name lint" not in answer and "steps: name" not in answer


def test_an_inner_record_is_one_phrase_and_a_flag_is_yes_or_no() -> None:
    answer = reply("Pull up build B-7 for me.", get_build)
    assert "runner: os linux, cores 4" in answer
    assert "passed: no" in answer and "False" not in answer


def test_dated_events_are_told_date_first() -> None:
    answer = reply("Track parcel PX-1182.", track_parcel)
    assert "events (2): 2026-04-02 picked up / 2026-04-03 at the depot" in answer
