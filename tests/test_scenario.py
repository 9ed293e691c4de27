"""The support scenario: agent, tools, conversations, and scripted()."""

from __future__ import annotations

import json
import re

import pytest
from agents import Runner, SQLiteSession

from memlab import evals, scenario
from memlab.api import mode
from memlab.facts import FACT_PATTERNS, find_facts
from memlab.scenario import CONVERSATIONS, LAPTOP, LONG, MOVING, Conversation, Fact, Probe, synthetic_conversation
from memlab.turns import count_turns, item_text, split_turns

from .helpers import scripted

pytestmark = pytest.mark.usefixtures("api")  # every test here runs the support agent offline


async def replay(conversation: Conversation) -> list[dict]:
    session = SQLiteSession(conversation.name)
    agent = scenario.support_agent()
    for text in conversation.user_turns:
        await Runner.run(agent, text, session=session)
    return await session.get_items()


async def test_transcript_matches_a_runner_replay() -> None:
    computed = scripted(LAPTOP)
    assert await replay(LAPTOP) == computed
    kinds = {item.get("type", "message") for item in computed}
    assert {"function_call", "function_call_output"} <= kinds


def test_conversations_are_well_formed() -> None:
    assert set(CONVERSATIONS) == {"laptop", "router", "long"}
    assert len(LAPTOP.user_turns) == 5 and len(CONVERSATIONS["router"].user_turns) == 5
    assert len(LONG.user_turns) >= 30
    assert {f.key for f in LONG.facts} >= {"order_number", "serial", "error_code", "contact_channel"}
    assert min(p.turn for p in LONG.probes) > 25 > max(f.turn for f in LONG.facts)


@pytest.mark.parametrize("conversation", CONVERSATIONS.values(), ids=lambda c: c.name)
def test_facts_are_planted_where_declared(conversation: Conversation) -> None:
    _, turns = split_turns(scripted(conversation))
    for fact in conversation.facts:
        planting = " ".join(item_text(item) for item in turns[fact.turn - 1])
        earlier = " ".join(item_text(item) for t in turns[: fact.turn - 1] for item in t)
        assert fact.value in planting and fact.value not in earlier, fact
        assert find_facts(planting).get(fact.key, [])[-1] == fact.value


@pytest.mark.parametrize("conversation", CONVERSATIONS.values(), ids=lambda c: c.name)
def test_probes_are_answered_with_full_history(conversation: Conversation) -> None:
    _, turns = split_turns(scripted(conversation))
    for probe in conversation.probes:
        answer = item_text(turns[probe.turn - 1][-1])
        assert probe.expected in answer, probe


def test_must_keep_patterns() -> None:
    patterns = LONG.must_keep_patterns()
    assert len(patterns) == sum(f.must_keep for f in LONG.facts)
    text = "\n".join(item_text(i) for i in scripted(LONG))
    assert all(re.search(p, text) for p in patterns)
    loose = Conversation("x", "x", ("a.b",), (Fact("k", "a.b", 1), Fact("o", "zz", 1, must_keep=False)), ())
    assert loose.must_keep_patterns() == [r"a\.b"]
    assert not re.search(loose.must_keep_patterns()[0], "axb")


def test_probe_must_match_its_turn() -> None:
    with pytest.raises(ValueError, match="not user turn"):
        Conversation("x", "x", ("hi", "what?"), (), (Probe(1, "what?", "v", "k"),))
    with pytest.raises(ValueError, match="outside"):
        Conversation("x", "x", ("hi",), (Fact("k", "v", 2),), ())


def test_synthetic_conversation() -> None:
    conv = synthetic_conversation(200, seed=3)
    assert len(conv.user_turns) == 200
    assert conv == synthetic_conversation(200, seed=3)
    assert conv.facts != synthetic_conversation(200, seed=4).facts
    items = scripted(conv)
    assert count_turns(items) == 200
    call_ids = [i["call_id"] for i in items if i.get("type") == "function_call"]
    assert len(call_ids) >= 15 and len(set(call_ids)) == len(call_ids)
    _, turns = split_turns(items)
    for probe in conv.probes:
        assert probe.expected in item_text(turns[probe.turn - 1][-1])
    for bad in (7, 0, 8.0, True):
        with pytest.raises(ValueError):
            synthetic_conversation(bad)  # type: ignore[arg-type]


def test_support_agent(monkeypatch) -> None:
    agent = scenario.support_agent()
    assert agent.model == mode.DEFAULT_MODEL
    assert [tool.name for tool in agent.tools] == ["lookup_order", "check_warranty", "run_diagnostics", "create_ticket"]
    monkeypatch.setenv("MEMLAB_MODEL", "gpt-4.1")
    assert scenario.support_agent().model == "gpt-4.1"
    assert scenario.support_agent("o4-mini", name="Helper").name == "Helper"
    assert scenario.support_agent("o4-mini").model == "o4-mini"


def test_back_ends_are_deterministic_and_check_their_input() -> None:
    assert scenario.create_ticket_backend("fan") == scenario.create_ticket_backend("fan")
    assert scenario.create_ticket_backend("fan") != scenario.create_ticket_backend("screen")
    assert re.fullmatch(r"TCK-\d{6}", json.loads(scenario.create_ticket_backend("fan"))["ticket_id"])
    assert json.loads(scenario.run_diagnostics_backend("SN-LP4K9M2X"))["error_codes"] == ["E-2107"]
    for backend, bad in [
        (scenario.lookup_order_backend, "12345"),
        (scenario.check_warranty_backend, "laptop"),
        (scenario.run_diagnostics_backend, "SN-1"),
        (scenario.create_ticket_backend, "  "),
    ]:
        assert "error" in json.loads(backend(bad))


# ------------------------------------------------------------------ MOVING: facts of other shapes


def test_movings_facts_have_shapes_the_fact_patterns_do_not_know() -> None:
    _, turns = split_turns(scripted(MOVING))
    assert 15 <= len(MOVING.user_turns) <= 25
    assert min(p.turn for p in MOVING.probes) > max(f.turn for f in MOVING.facts) + 6
    whole = "\n".join(item_text(item) for turn in turns for item in turn)
    for fact in MOVING.facts:
        planting = " ".join(item_text(item) for item in turns[fact.turn - 1])
        earlier = " ".join(item_text(item) for t in turns[: fact.turn - 1] for item in t)
        assert fact.value in planting and fact.value not in earlier, fact
        assert fact.key not in FACT_PATTERNS and not any(fact.value in v for vs in find_facts(whole).values() for v in vs)
    # each fact's rule, the one a learner would declare, finds it (with the words that say what it is)
    for fact, rule in zip(MOVING.facts, MOVING.must_keep_patterns()):
        assert rule == fact.rule and fact.value in re.search(rule, whole).group(0)


async def test_movings_probes_need_memory() -> None:
    full = (await evals.run(MOVING)).turns
    trimmed = (await evals.run(MOVING, "trimming", max_turns=2)).turns
    assert full[full["probe"].notna()]["correct"].all()
    assert not trimmed[trimmed["probe"].notna()]["correct"].any()


def test_a_facts_rule_must_find_its_value() -> None:
    with pytest.raises(ValueError, match="does not find"):
        Conversation("x", "x", ("my code is AB12",), (Fact("code", "AB12", 1, rule=r"code is \d+"),), ())
    ok = Conversation("x", "x", ("my code is AB12",), (Fact("code", "AB12", 1, rule=r"code is [A-Z]{2}\d\d"),), ())
    assert ok.must_keep_patterns() == [r"code is [A-Z]{2}\d\d"]
