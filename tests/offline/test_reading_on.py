"""The reader reads on from where an earlier request left off, and what it reads is what a fresh reading gives.

Every request sends the conversation whole, so reading it from the start each time costs a replay of
n turns about n²/2 item readings. :func:`memlab.offline.reading.read_items` keeps the reader's state
after a request's items (:data:`~memlab.offline.reading.READ_SO_FAR`) and a request that starts with
those same items reads only what follows them. Nothing read may differ: the state carries what
crosses items (the user turn, the tool each call id names, a handoff's call id, a recap asked for,
the relative "she" points back to).
"""

from __future__ import annotations

import json

import pytest

from memlab.offline import reading
from memlab.offline.reading import READ_SO_FAR, read_items, stem


def user(text: str) -> dict:
    return {"role": "user", "content": text}


def assistant(text: str) -> dict:
    return {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]}


def call(name: str, call_id: str, arguments: dict) -> dict:
    return {"type": "function_call", "name": name, "call_id": call_id, "arguments": json.dumps(arguments)}


def output(call_id: str, value: object) -> dict:
    return {"type": "function_call_output", "call_id": call_id, "output": json.dumps(value)}


#: A conversation whose later items are read through state set by earlier ones.
CONVERSATION = [
    user("Hi, I'm Dana. My daughter's name is Emma."),
    assistant("Nice to meet you, Dana."),
    call("transfer_to_billing", "call_h", {}),
    output("call_h", {"assistant": "Billing"}),  # a handoff's result: routing, not news
    user("She's 9 and she needs a new bike."),  # "she" is the daughter told of two items back
    call("lookup_order", "call_o", {"order_id": "ORD-1"}),
    output("call_o", {"status": "shipped", "item": "kids bike"}),  # named by its call's tool
    assistant("Your order ORD-1 (kids bike) has shipped."),
    user("Please summarize our conversation so far."),
    assistant("Dana, daughter Emma, 9.\nOrder ORD-1 shipped."),  # two lines: a note only as the answer to a recap
    user("Thanks. Actually make that 10, not 9."),
]


def fresh(items: list[dict]) -> list[reading.Statement]:
    READ_SO_FAR.clear()
    return read_items(items)


@pytest.fixture(autouse=True)
def nothing_read_before():
    READ_SO_FAR.clear()
    yield
    READ_SO_FAR.clear()


@pytest.fixture
def readings(monkeypatch) -> list[str]:
    """The text of every item the reader reads, in order."""
    read: list[str] = []
    original = reading._Reader.read

    def counted(self, role, text, *args, **kwargs):
        read.append(text)
        return original(self, role, text, *args, **kwargs)

    monkeypatch.setattr(reading._Reader, "read", counted)
    return read


def test_a_conversation_read_request_by_request_reads_each_item_once(readings) -> None:
    for k in range(1, len(CONVERSATION) + 1):
        read_items(CONVERSATION[:k])
    assert len(readings) == len(CONVERSATION) - 2  # every item but the handoff and its result (routing, not news)
    assert readings[-1] == "Thanks. Actually make that 10, not 9."


@pytest.mark.parametrize("step", [1, 2, 3])
def test_reading_on_gives_what_reading_from_the_start_gives(step: int) -> None:
    ends = [*range(step, len(CONVERSATION), step), len(CONVERSATION)]  # each request sends `step` more items
    read_on = [read_items(CONVERSATION[:k]) for k in ends]
    at_once = [fresh(CONVERSATION[:k]) for k in ends]
    assert read_on == at_once
    last = read_on[-1]
    assert last[3].text == "She's 9 and she needs a new bike."
    assert {stem("daughter"), stem("Emma")} <= last[3].stems  # "she" read as the relative told of before
    assert [s.tool for s in last if s.role == "tool"] == ["lookup_order", "lookup_order"]
    assert [s.role for s in last if s.text.startswith("Dana, daughter")] == ["note"]  # the answer to a recap
    assert last[-1].turn == 4 and last[-1].text == "She's 10 and she needs a new bike."  # the correction applied


def test_a_request_that_changes_an_earlier_item_is_read_from_the_start(readings) -> None:
    read_items(CONVERSATION)
    trimmed = CONVERSATION[4:]  # a trimming session drops the oldest turn: the rest is a new conversation
    assert read_items(trimmed) == fresh(trimmed)
    edited = [user("Hi, I'm Sam."), *CONVERSATION[1:]]
    assert read_items(edited) == fresh(edited)
    assert read_items(edited)[0].text == "Hi, I'm Sam."


def test_the_states_kept_are_bounded() -> None:
    for n in range(20):
        read_items([user(f"Conversation {n}: my order is ORD-{n}."), assistant("Noted.")])
    assert len(READ_SO_FAR) == 8
