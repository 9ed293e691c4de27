from __future__ import annotations

import pytest
from agents import SessionSettings
from agents.memory import Session

from memlab import TrimmingSession, keep_last_turns, trim_view
from memlab.turns import count_turns

from memlab.items import assistant, call, output, user
from .helpers import conversation, turn


async def test_implements_the_sdk_session_protocol():
    session = TrimmingSession("t1")
    assert isinstance(session, Session)
    assert session.session_settings is None


async def test_cookbook_demo_keeps_last_three_turns_six_items():
    session = TrimmingSession("demo", max_turns=3)
    for n in range(1, 6):
        await session.add_items([user(f"question {n}"), assistant(f"answer {n}")])
    items = await session.get_items()
    assert len(items) == 6
    assert [i["content"] for i in items if i.get("role") == "user"] == ["question 3", "question 4", "question 5"]


async def test_trims_on_write_and_keeps_tool_pairs_together():
    session = TrimmingSession("t", max_turns=2)
    await session.add_items(conversation(5, tool_every=1))
    raw = await session.raw_items()
    assert count_turns(raw) == 2
    assert raw[0] == user("question 4")
    assert raw == conversation(5, tool_every=1)[-2 * 5 :]


async def test_lowering_max_turns_applies_to_the_next_read():
    session = TrimmingSession("t", max_turns=4)
    await session.add_items(conversation(4, tool_every=0))
    await session.set_max_turns(1)
    assert await session.get_items() == turn(4)
    with pytest.raises(ValueError, match="max_turns"):
        await session.set_max_turns(0)


@pytest.mark.parametrize(
    "bad, error", [(0, ValueError), (-1, ValueError), (2.5, TypeError), ("3", TypeError), (True, TypeError), (None, TypeError)]
)
def test_invalid_max_turns_raises_naming_the_parameter(bad, error):
    with pytest.raises(error, match="max_turns"):
        TrimmingSession("t", max_turns=bad)


async def test_rejects_items_that_are_not_items_and_stores_nothing():
    session = TrimmingSession("t")
    with pytest.raises(TypeError):
        await session.add_items([user("ok"), "not an item"])
    assert await session.get_items() == []


async def test_get_items_returns_copies():
    session = TrimmingSession("t")
    await session.add_items([user("original")])
    (got,) = await session.get_items()
    got["content"] = "mutated"
    assert (await session.get_items())[0]["content"] == "original"
    raw = await session.raw_items()
    raw[0]["content"] = "mutated"
    assert (await session.raw_items())[0]["content"] == "original"


async def test_add_items_copies_the_callers_items():
    session = TrimmingSession("t")
    item = user("original")
    await session.add_items([item])
    item["content"] = "mutated by caller"
    assert (await session.get_items())[0]["content"] == "original"


@pytest.mark.parametrize("limit, expected", [(None, 4), (0, 0), (-1, 0), (1, 1), (2, 2), (9, 4)])
async def test_limit_rule_is_exact(limit, expected):
    # the SDK's rule, exactly; a cut inside a tool pair still returns N items (the SDK prunes them)
    items = [user("q"), call("c1"), output("c1"), assistant("a")]
    session = TrimmingSession("t", max_turns=5)
    await session.add_items(items)
    got = await session.get_items(limit)
    assert got == (items[-expected:] if expected else [])


async def test_session_settings_limit_is_the_default():
    session = TrimmingSession("t", session_settings=SessionSettings(limit=2))
    await session.add_items(conversation(3, tool_every=0))
    assert await session.get_items() == turn(3)
    assert len(await session.get_items(limit=4)) == 4


async def test_pop_and_clear():
    session = TrimmingSession("t")
    assert await session.pop_item() is None
    await session.add_items(turn(1))
    assert await session.pop_item() == assistant("answer 1", "msg_1")
    await session.clear_session()
    assert await session.get_items() == []


def test_trim_view_cuts_before_a_user_message():
    items = conversation(5)
    kept = trim_view(items, 2)
    assert kept[0] == user("question 4")
    assert count_turns(kept) == 2
    assert trim_view(items, 99) == items


def test_keep_last_turns_matches_trim_view():
    history = conversation(6)
    new = [user("next")]
    callback = keep_last_turns(2)
    assert callback(history, new) == trim_view(history, 2) + new
    assert count_turns(callback(history, new)) == 3
    with pytest.raises(ValueError, match="n must be"):
        keep_last_turns(0)


@pytest.mark.parametrize("attribute", ["max_turns", "max_tokens"])
async def test_limits_change_only_through_set_limits(attribute):
    """An assignment could take neither the lock nor the log: it is refused, naming set_limits."""
    session = TrimmingSession("t", max_turns=3)
    await session.add_items(conversation(4, tool_every=0))
    with pytest.raises(AttributeError, match=rf"set_limits\({attribute}="):
        setattr(session, attribute, 1)
    assert (session.max_turns, session.max_tokens) == (3, None)
    assert count_turns(await session.get_items()) == 3
