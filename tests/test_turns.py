from __future__ import annotations

import json
import math
from typing import Any

import pytest
from agents import SQLiteSession
from hypothesis import given, settings
from hypothesis import strategies as st
from openai.types.responses import ResponseOutputMessage, ResponseOutputText

from memlab.storage.integrity import IntegritySession
from memlab.items import copy_items, to_item, to_items
from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession
from memlab.turns import (
    apply_limit,
    count_turns,
    drop_orphans,
    is_user_message,
    item_text,
    split_turns,
    turn_starts,
)

from memlab.items import assistant, call, output, reasoning, user
from .helpers import conversation


def test_user_message_forms():
    assert is_user_message({"role": "user", "content": "hi"})
    assert is_user_message({"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]})
    assert not is_user_message(assistant("hi"))
    assert not is_user_message(output("c1"))
    assert not is_user_message({"role": "system", "content": "rules"})


def test_to_item_copies_dicts_and_dumps_pydantic():
    original = {"role": "user", "content": [{"type": "input_text", "text": "hi"}]}
    copy = to_item(original)
    copy["content"][0]["text"] = "changed"
    assert original["content"][0]["text"] == "hi"

    message = ResponseOutputMessage(
        id="m1", type="message", role="assistant", status="completed",
        content=[ResponseOutputText(type="output_text", text="hello", annotations=[])],
    )
    dumped = to_item(message)
    assert dumped["role"] == "assistant" and dumped["content"][0]["text"] == "hello"
    assert isinstance(dumped, dict)


@pytest.mark.parametrize("bad", ["a string", 42, None, ["list"], object()])
def test_to_item_rejects_non_items(bad):
    with pytest.raises(TypeError, match="dicts or SDK"):
        to_item(bad)


def test_to_item_rejects_unserialisable_values():
    with pytest.raises(TypeError, match="JSON"):
        to_item({"role": "user", "content": object()})


def test_to_items_is_to_item_for_a_batch():
    message = ResponseOutputMessage(
        id="m1", type="message", role="assistant", status="completed",
        content=[ResponseOutputText(type="output_text", text="hello", annotations=[])],
    )
    batch = [{"role": "user", "content": ("a", "tuple")}, call("c1"), message]
    assert to_items(batch) == [to_item(item) for item in batch]
    dicts = [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}, output("c1")]
    copies = to_items(dicts)
    copies[0]["content"][0]["text"] = "changed"
    assert dicts[0]["content"][0]["text"] == "hi"
    assert to_items([]) == []


def test_to_items_names_the_bad_item():
    with pytest.raises(TypeError, match=r"items\[1\]\['content'\] is of type set, which JSON has no form for"):
        to_items([user("fine"), {"role": "user", "content": {1, 2}}])
    with pytest.raises(TypeError, match="not int"):
        to_items([user("fine"), 42])


def test_copy_items_shares_nothing():
    items = [assistant("hello"), {"type": "reasoning", "summary": [{"type": "summary_text", "text": "t"}]}]
    items[0]["content"] = [{"type": "output_text", "text": "hello", "annotations": [{"k": [1]}]}]
    copies = copy_items(iter(items))  # any iterable
    assert copies == items
    copies[0]["content"][0]["annotations"][0]["k"].append(2)
    copies[1]["summary"][0]["text"] = "changed"
    assert items[0]["content"][0]["annotations"][0]["k"] == [1]
    assert items[1]["summary"][0]["text"] == "t"


def test_turn_boundaries():
    items = conversation(4)
    assert count_turns(items) == 4
    assert [items[i]["content"] for i in turn_starts(items)] == [f"question {n}" for n in range(1, 5)]
    preamble, turns = split_turns([assistant("welcome")] + items)
    assert preamble == [assistant("welcome")]
    assert [t[0]["content"] for t in turns] == [f"question {n}" for n in range(1, 5)]


def test_drop_orphans_removes_each_kind():
    items = [output("lost"), user("q"), reasoning("rs_a"), call("c1"), output("c1"), assistant("a")]
    assert drop_orphans(items) == items[1:]
    # a call whose output is missing, followed by a later message
    assert drop_orphans([user("q"), call("c2"), assistant("a")]) == [user("q"), assistant("a")]
    # ...or at the very end: the next run would put its new input after it
    assert drop_orphans([user("q"), call("c3")]) == [user("q")]
    # reasoning with nothing after it, or before a user message
    assert drop_orphans([user("q"), reasoning()]) == [user("q")]
    assert drop_orphans([reasoning(), user("q")]) == [user("q")]
    # dropping a call orphans the reasoning before it: fixed point
    assert drop_orphans([user("q"), reasoning(), call("c4"), assistant("a")]) == [user("q"), assistant("a")]


@pytest.mark.parametrize("limit, expected", [(None, 6), (0, 0), (-3, 0), (2, 2), (100, 6)])
def test_apply_limit_follows_the_sdk_rule(limit, expected):
    items = conversation(3, tool_every=0)
    assert len(apply_limit(items, limit)) == expected


def test_apply_limit_is_exact_even_inside_a_tool_pair():
    items = [user("q"), call("c1"), output("c1"), assistant("a")]
    # the newest 2 items start with the tool output: still 2 items (the SDK prunes the orphan)
    assert apply_limit(items, 2) == items[-2:]
    assert drop_orphans(apply_limit(items, 2)) == [assistant("a")]


def test_apply_limit_rejects_non_integers():
    with pytest.raises(TypeError):
        apply_limit([], 2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        apply_limit([], True)  # type: ignore[arg-type]


def test_item_text_renders_every_kind():
    assert item_text(user("hi")) == "hi"
    assert item_text(assistant("hello")) == "hello"
    assert item_text(call("c1", "lookup_order", '{"order_id": "A1"}')) == 'lookup_order({"order_id": "A1"})'
    assert item_text(output("c1", "ok")) == "ok"
    assert item_text({"type": "reasoning", "summary": [{"type": "summary_text", "text": "think"}]}) == "think"


@pytest.mark.parametrize(
    "call_item, output_item",
    [
        ({"type": "shell_call", "call_id": "s1", "action": {"commands": ["ls"]}, "status": "completed"},
         {"type": "shell_call_output", "call_id": "s1", "output": []}),
        ({"type": "computer_call", "call_id": "k1", "id": "cu_1", "action": {"type": "screenshot"},
          "pending_safety_checks": [], "status": "completed"},
         {"type": "computer_call_output", "call_id": "k1", "output": {"type": "computer_screenshot"}}),
        ({"type": "apply_patch_call", "call_id": "p1", "operation": {}, "status": "completed"},
         {"type": "apply_patch_call_output", "call_id": "p1", "status": "completed"}),
        ({"type": "local_shell_call", "id": "ls_1", "call_id": "l1", "action": {}, "status": "completed"},
         {"type": "local_shell_call_output", "id": "l1", "output": "{}"}),
    ],
    ids=["shell", "computer", "apply_patch", "local_shell"],
)
def test_every_tool_pair_kind_is_repaired(call_item, output_item):
    items = [user("q"), call_item, output_item, assistant("done")]
    assert drop_orphans(items) == items  # a complete pair stays
    assert drop_orphans(items[-2:]) == [assistant("done")]  # a cut orphaned the output
    assert drop_orphans([user("q"), call_item, user("next")]) == [user("q"), user("next")]  # unanswered call


def test_to_item_refuses_what_json_cannot_hold():
    """A type JSON has no form for is a TypeError; a value JSON or the API cannot carry is a ValueError."""
    with pytest.raises(TypeError, match="JSON"):
        to_item({"role": "user", "content": {1, 2}})
    with pytest.raises(ValueError, match=r"item\['content'\] is nan"):
        to_item({"role": "user", "content": float("nan")})
    deep: dict = {"role": "user", "content": "x"}
    for _ in range(5000):
        deep = {"nested": deep}
    with pytest.raises(ValueError, match="nested too deeply"):
        to_item(deep)
    with pytest.raises(ValueError, match=r"items\[1\]\['content'\] is inf"):
        to_items([user("fine"), {"role": "user", "content": float("inf")}])
    loop: dict = {"role": "user"}
    loop["content"] = loop
    with pytest.raises(ValueError, match=r"item\['content'\] is a circular reference"):
        to_item(loop)
    shared = ["the same list, twice"]  # sharing is not a cycle
    assert to_item({"role": "user", "content": [shared, shared]})["content"] == [shared, shared]
    deep_loop: list = []
    deep_loop.append({"a": [deep_loop]})
    with pytest.raises(ValueError, match=r"items\[0\]\['content'\]\[0\]\['a'\]\[0\] is a circular reference"):
        to_items([{"role": "user", "content": deep_loop}])


def test_to_item_refuses_lone_surrogates():
    """What ``errors="surrogateescape"`` makes is a str, but not Unicode: no request could carry it."""
    with pytest.raises(ValueError, match=r"item\['content'\] holds a lone surrogate"):
        to_item({"role": "user", "content": "caf\udce9"})
    with pytest.raises(ValueError, match=r"items\[1\]\['content'\]\[0\]\['text'\] holds a lone surrogate"):
        to_items([user("fine"), {"role": "user", "content": [{"type": "input_text", "text": "\ud83d"}]}])
    with pytest.raises(ValueError, match="lone surrogate"):
        to_item({"role": "user", "content": "x", "caf\udce9": 1})  # in a key
    model = ResponseOutputMessage(
        id="m1", type="message", role="assistant", status="completed",
        content=[ResponseOutputText(type="output_text", text="caf\udce9", annotations=[])],
    )
    with pytest.raises(ValueError, match=r"items\[0\]\['content'\]\[0\]\['text'\] holds a lone surrogate"):
        to_items([model])
    assert to_item(user("café 😀"))["content"] == "café 😀"  # real non-ASCII text is fine


def test_to_item_refuses_keys_that_collide_as_json():
    with pytest.raises(ValueError, match=r"item has keys that JSON makes the same string"):
        to_item({1: "a", "1": "b"})
    with pytest.raises(ValueError, match=r"items\[0\]\['content'\]\[0\] has keys that JSON makes the same"):
        to_items([{"role": "user", "content": [{True: 1, "true": 2}]}])
    with pytest.raises(ValueError, match="same string"):
        to_item({"role": "user", "content": "x", None: 1, "null": 2})
    # non-str keys that stay distinct, and tuples, are converted as JSON converts them
    assert to_item({"role": "user", "content": ("a", "b"), "extra": {1: "x", 2.5: "y"}}) == {
        "role": "user", "content": ["a", "b"], "extra": {"1": "x", "2.5": "y"}
    }


@pytest.mark.parametrize(
    "make",
    [
        lambda: TrimmingSession("conv"),
        lambda: SummarizingSession(session_id="conv"),
        lambda: TrimmingSession("conv", store=SQLiteSession("conv")),
        lambda: IntegritySession(SQLiteSession("conv"), b"k" * 32),
    ],
    ids=["trimming", "summarizing", "trimming-on-a-store", "integrity"],
)
async def test_a_batch_with_a_lone_surrogate_stores_nothing(make):
    """Stored, such an item would make every later run fail inside the openai client."""
    session = make()
    await session.add_items([user("q1")])
    with pytest.raises(ValueError, match="lone surrogate"):
        await session.add_items([user("fine"), user("caf\udce9")])
    assert await session.get_items() == [user("q1")]


# ------------------------------------------------ to_item against an oracle

texts = st.text(max_size=3) | st.builds(str.__add__, st.text(max_size=2), st.characters(categories=["Cs"]))
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=True, allow_infinity=True), texts
)
keys = st.one_of(st.sampled_from(["1", "true", "null", "1.5"]), st.integers(0, 2), st.booleans(), st.none(),
                 st.just(1.5), texts)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.lists(inner, max_size=3).map(tuple), st.dictionaries(keys, inner, max_size=3)
), max_leaves=12)


def json_cannot_carry(value: Any) -> bool:
    """The oracle: NaN or an infinity, a lone surrogate, or two keys that JSON names alike."""
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, str):
        return any(0xD800 <= ord(char) <= 0xDFFF for char in value)
    if isinstance(value, (list, tuple)):
        return any(json_cannot_carry(v) for v in value)
    if isinstance(value, dict):
        names = [key if isinstance(key, str) else json.dumps(key) for key in value]  # 1 -> "1", True -> "true"
        return len(set(names)) < len(names) or any(json_cannot_carry(k) or json_cannot_carry(v) for k, v in value.items())
    return False


@settings(max_examples=300, deadline=None)
@given(content=values)
def test_to_item_refuses_exactly_what_json_and_the_api_cannot_carry(content):
    item = {"role": "user", "content": content}
    if json_cannot_carry(content):
        with pytest.raises(ValueError):
            to_item(item)
        with pytest.raises(ValueError, match=r"items\[1\]"):
            to_items([user("fine"), item])
    else:
        copy = to_item(item)
        assert copy == json.loads(json.dumps(item)) == to_items([item])[0]
        json.dumps(copy, ensure_ascii=False).encode()  # UTF-8, as every request is sent
