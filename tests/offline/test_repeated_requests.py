"""A request the offline model already read is answered from what it answered then (an explorer replays one
conversation under another setting: its requests repeat up to where the setting matters), and is answered the same
(in a response of its own id);
what a caller does with an answer never changes the next one; the day is part of the request ("tomorrow")."""

from __future__ import annotations

import datetime
import json

import pytest

from memlab.offline import api as api_module
from memlab.offline.api import OfflineAPI

BODY = {"model": "gpt-4.1-mini", "instructions": "Help with orders.",
        "input": [{"role": "user", "content": "My order A-1 arrived broken. Can you help?"}],
        "tools": [{"type": "function", "name": "get_order", "description": "Look up an order.",
                   "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}},
                                  "required": ["order_id"]}}]}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times the model itself answered (``respond``) during the test."""
    calls = [0]
    real = api_module.respond

    def respond(request):
        calls[0] += 1
        return real(request)

    monkeypatch.setattr(api_module, "respond", respond)
    return calls


def test_a_repeated_request_is_answered_once_and_the_same(counted: list[int]) -> None:
    api = OfflineAPI()
    first, second = api.respond(json.loads(json.dumps(BODY))), api.respond(json.loads(json.dumps(BODY)))
    assert counted[0] == 1
    assert first["output"] == second["output"] and first["id"] != second["id"]  # (another response: its own id)
    api.respond({**BODY, "input": [{"role": "user", "content": "Where is order A-2?"}]})
    assert counted[0] == 2  # another request is read afresh


def test_a_caller_changing_an_answer_changes_no_later_one(counted: list[int]) -> None:
    api, body = OfflineAPI(), {**BODY, "tools": [], "input": "Please write a long note on my order A-1: it arrived broken, the box was wet, the manual was missing and the charger did not fit the socket in my kitchen."}
    first = api.respond(body)["output"][0]["content"][0]
    said, first["text"] = first["text"], "changed"
    assert api.respond(body)["output"][0]["content"][0]["text"] == said and counted[0] == 1
    limited = {**body, "max_output_tokens": 16}
    short = api.respond(limited)  # cut at the limit (the API cuts the model's answer)...
    assert short["status"] == "incomplete" and said.startswith(short["output"][0]["content"][0]["text"])
    assert {**api.respond(limited), "id": short["id"]} == short and counted[0] == 2  # ...and the kept answer is not cut
    assert api.respond(body)["output"][0]["content"][0]["text"] == said


def test_another_day_is_another_request(counted: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    api = OfflineAPI()
    api.respond(BODY)

    class Tomorrow(datetime.date):
        @classmethod
        def today(cls) -> datetime.date:
            return datetime.date(2099, 1, 1)

    monkeypatch.setattr(api_module.datetime, "date", Tomorrow)
    api.respond(BODY)
    assert counted[0] == 2


def test_the_answers_kept_are_bounded(counted: list[int]) -> None:
    api = OfflineAPI()
    for n in range(300):
        api.respond({**BODY, "input": f"Where is order A-{n}?"})
    api.respond({**BODY, "input": "Where is order A-0?"})  # the oldest went
    assert counted[0] == 301
    api.respond({**BODY, "input": "Where is order A-299?"})  # the newest stayed
    assert counted[0] == 301
