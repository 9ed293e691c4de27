"""Property tests for TrimmingSession and SummarizingSession (hypothesis).

The strategies below build random but *valid* conversations: every turn opens
with a real user message (in the SDK's easy form or its typed form), may hold
tool steps (an optional reasoning item, a ``function_call`` and its
``function_call_output``) and usually ends with an assistant reply, which may
also be preceded by reasoning. Every item carries a unique tag, so an item can
be recognised anywhere — in a view, in the metadata records, inside a summary.

The items reach ``add_items`` either in the batches the SDK runner uses (the
user message first, then each tool step, then the reply) or in random chunks
that may split a call from its output.

Every expected value is computed by a small oracle (the orphan finder in
``tests/helpers.py``, the limit cut, a turn model here) that shares no code with
``memlab.turns``: a test that used memlab's own helpers as the reference could
not catch their bugs.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import pytest
from agents import SQLiteSession
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlab import FidelityGate, SummaryEvent, SummaryStatus
from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession, trim_view

from .fakes import EchoSummarizer, FailingSummarizer, ForgetfulSummarizer, ReturningSummarizer, SlowSummarizer
from memlab.items import assistant, call, output, reasoning, typed_user, user
from .helpers import orphans, sdk_pruned

Item = dict[str, Any]

PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
#: Keys memlab keeps beside an item; none may appear inside one.
METADATA_KEYS = {"synthetic", "kind", "summary_for_turns", "turn", "metadata"}
#: The shadow prompt the test summarizers return.
SHADOW = "recap?"
SUMMARY_PREFIX = "summary of "
ORDER_ID = r"ORD-\d+"


# --------------------------------------------------------------------- items


def kind(item: Item) -> str:
    """An item's type; the SDK's easy form (no ``type``) is a message."""
    return item.get("type", "message")


def text_of(item: Item) -> str:
    """The visible text of a message or tool output (test-side, not memlab's)."""
    content = item.get("output", item.get("content", ""))
    if isinstance(content, list):
        return " ".join(part.get("text", "") for part in content)
    return str(content)


def tag(item: Item) -> str:
    """The unique tag of an item this module built (``[u3]``, ``[call_3_1]``, ...)."""
    if kind(item) == "function_call":
        return f"[{item['call_id']}]"
    if kind(item) == "reasoning":
        return f"[{item['id']}]"
    return text_of(item).split(" ", 1)[0]


def is_shadow(item: Item) -> bool:
    return item == {"role": "user", "content": SHADOW}


def is_summary(item: Item) -> bool:
    return (
        item.get("role") == "assistant"
        and isinstance(item.get("content"), str)
        and item["content"].startswith(SUMMARY_PREFIX)
    )


def is_real_user(item: Item) -> bool:
    return kind(item) == "message" and item.get("role") == "user" and not is_shadow(item)


def clone(value: Any) -> Any:
    return json.loads(json.dumps(value))


def flatten(turns: list[list[Item]]) -> list[Item]:
    return [item for turn in turns for item in turn]


# ---------------------------------------------------------------- strategies

#: One turn's shape: (typed user message?, free text, tool steps (True = with
#: reasoning first), reply (None = no reply, True = with reasoning first)).
turn_shapes = st.tuples(
    st.booleans(),
    st.text(st.characters(exclude_characters="[]", exclude_categories=["Cs"]), max_size=6),  # no lone surrogates
    st.lists(st.booleans(), max_size=3),
    st.one_of(st.none(), st.booleans()),
)

#: The ``limit`` argument of ``get_items``.
limits = st.one_of(st.none(), st.integers(-5, -1), st.just(0), st.integers(1, 50))


def build_turns(shapes: list[tuple], first: int = 1) -> tuple[list[list[Item]], list[list[Item]]]:
    """Turn shapes into ``(turns, sdk_batches)``; turn numbers start at ``first``.

    Every user message mentions an order id (``ORD-<n>``) for the fidelity gate.
    """
    turns: list[list[Item]] = []
    batches: list[list[Item]] = []
    for n, (typed, free, tools, reply) in enumerate(shapes, start=first):
        text = f"[u{n}] {free} ORD-{n}"
        turn = [typed_user(text) if typed else user(text)]
        turn_batches = [list(turn)]
        for step, with_reasoning in enumerate(tools):
            call_id = f"call_{n}_{step}"
            step_items = [reasoning(f"rs_{n}_{step}")] if with_reasoning else []
            step_items += [call(call_id, "lookup", "{}"), output(call_id, f"[out_{n}_{step}] ok")]
            turn += step_items
            turn_batches.append(step_items)
        if reply is not None:
            reply_items = [reasoning(f"rs_{n}_reply")] if reply else []
            reply_items.append(assistant(f"[a{n}] done", f"msg_{n}"))
            turn += reply_items
            turn_batches.append(reply_items)
        turns.append(turn)
        batches += turn_batches
    return turns, batches


@dataclass
class Conversation:
    """Valid turns and the batches in which they reach ``add_items``."""

    turns: list[list[Item]]
    batches: list[list[Item]]

    @property
    def items(self) -> list[Item]:
        return flatten(self.turns)


@st.composite
def conversations(draw: st.DrawFn, min_turns: int = 0, max_turns: int = 14) -> Conversation:
    """A conversation fed either in SDK-style batches or in random chunk sizes."""
    shapes = draw(st.lists(turn_shapes, min_size=min_turns, max_size=max_turns))
    turns, sdk_batches = build_turns(shapes)
    if draw(st.booleans()):
        return Conversation(turns, sdk_batches)
    flat, batches, start = flatten(turns), [], 0
    while start < len(flat):
        size = draw(st.integers(1, 6))
        batches.append(flat[start : start + size])
        start += size
    return Conversation(turns, batches)


#: ``(context_limit, keep_last_n_turns)`` with ``0 <= keep <= context_limit``.
summary_limits = st.integers(1, 6).flatmap(lambda c: st.tuples(st.just(c), st.integers(0, c)))


# ------------------------------------------------------------------- oracles


def without_pending_reasoning(items: list[Item]) -> list[Item]:
    """``items`` minus a trailing, still unanswered tool step.

    That is a trailing reasoning item (its follower has not arrived yet) and a
    trailing tool call whose output has not arrived (with the reasoning before
    it): sent as history, either would be an orphan before the next input.
    """
    items = list(items)
    answered = {x["call_id"] for x in items if kind(x) == "function_call_output"}
    while items and (
        kind(items[-1]) == "reasoning"
        or (kind(items[-1]) == "function_call" and items[-1]["call_id"] not in answered)
    ):
        items.pop()
    return items


def last_n_turns(items: list[Item], n: int) -> list[Item]:
    """Items from the ``n``-th newest real user message on (all items if fewer turns)."""
    starts = [i for i, item in enumerate(items) if is_real_user(item)]
    if n <= 0:
        return []
    return list(items[starts[-n] :]) if len(starts) > n else list(items)


def assert_well_formed(view: list[Item]) -> None:
    """No memlab metadata inside an item, and the synthetic pair (if any) opens the view."""
    for item in view:
        assert not METADATA_KEYS & item.keys(), f"memlab metadata leaked into {item}"
    for i, item in enumerate(view):
        if is_shadow(item) or is_summary(item):
            assert i in (0, 1), "the synthetic pair may only open the view"
    if view and is_shadow(view[0]):
        assert len(view) >= 2 and is_summary(view[1]), "shadow prompt without its summary"


def assert_valid_view(view: list[Item]) -> None:
    """The view starts at a turn boundary or with the synthetic pair; its only orphans are a step still in flight.

    A read returns what the policy keeps, unrepaired: when items arrive in
    chunks that split a call from its output, the newest step may be pending
    (the SDK prunes an unanswered call before the model call); anything else
    would be an orphan the policy made.
    """
    settled = without_pending_reasoning(view)
    assert not orphans(settled), orphans(settled)
    for item in view:
        assert not METADATA_KEYS & item.keys(), f"memlab metadata leaked into {item}"
    if view:
        if is_shadow(view[0]):
            assert len(view) >= 2 and is_summary(view[1]), "shadow prompt without its summary"
        else:
            assert is_real_user(view[0]), f"view starts mid-turn with {view[0]}"
    for i, item in enumerate(view):
        if is_shadow(item) or is_summary(item):
            assert i in (0, 1), "the synthetic pair may only open the view"


async def assert_limit_rule(session: Any, view: list[Item], limit: int | None) -> None:
    """``get_items(limit)`` is the SDK rule, exactly, over the unlimited ``view``."""
    limited = await session.get_items(limit)
    if limit is None:
        assert limited == view
    elif limit <= 0:
        assert limited == []
    else:
        assert limited == view[-limit:]


async def assert_returns_copies(session: Any) -> None:
    """Mutating what ``get_items`` returned never changes the next ``get_items``."""
    first = await session.get_items()
    snapshot = clone(first)
    for item in first:
        for value in item.values():
            if isinstance(value, list) and value and isinstance(value[0], dict):
                value[0]["tampered"] = True
        item["tampered"] = True
    first.append({"role": "user", "content": "intruder"})
    assert await session.get_items() == snapshot


# ------------------------------------------------------------ test summarizers


def TaggingSummarizer() -> EchoSummarizer:  # noqa: N802 (reads as a class at call sites)
    """Fast and deterministic: the summary lists the text (or tag) of every item it covers."""
    return EchoSummarizer(SHADOW, SUMMARY_PREFIX, render=lambda item: text_of(item) or tag(item))


# ---------------------------------------------------------------- trimming


@PROPERTY_SETTINGS
@given(
    conv=conversations(),
    max_turns=st.integers(1, 6),
    read_limits=st.lists(limits, min_size=1, max_size=4),
)
def test_trimming_session_keeps_a_valid_verbatim_window(
    conv: Conversation, max_turns: int, read_limits: list[int | None]
) -> None:
    """After every batch the view is valid; at the end it is exactly the last turns."""

    async def scenario() -> None:
        session = TrimmingSession("props", max_turns=max_turns)
        for batch in conv.batches:
            sent = clone(batch)
            await session.add_items(sent)
            for item in sent:  # the caller's dicts are not the stored ones
                item["tampered"] = True
            view = await session.get_items()
            assert_valid_view(view)
            for limit in read_limits:
                await assert_limit_rule(session, view, limit)

        view = await session.get_items()
        assert view == flatten(conv.turns[-max_turns:])
        for limit in read_limits:
            await assert_limit_rule(session, view, limit)
        await assert_returns_copies(session)

    asyncio.run(scenario())


@PROPERTY_SETTINGS
@given(
    shapes=st.lists(st.tuples(turn_shapes, st.integers(0, 4)), max_size=10),
    max_turns=st.integers(1, 6),
    read_limits=st.lists(limits, min_size=1, max_size=3),
)
def test_trimming_session_view_stays_valid_under_pop_item(
    shapes: list[tuple], max_turns: int, read_limits: list[int | None]
) -> None:
    """Whole turns interleaved with ``pop_item``: the view is the window as stored, never edited.

    Pops can leave a call without its output (the SDK's correction pattern
    pops the reply and the output); a read returns that as stored, as the SDK's
    own sessions do, and the SDK prunes the unanswered call before the model call.
    """

    async def scenario() -> None:
        session = TrimmingSession("props", max_turns=max_turns)
        turns, _ = build_turns([shape for shape, _ in shapes])
        model: list[Item] = []
        for turn, (_, pops) in zip(turns, shapes):
            await session.add_items(clone(turn))
            model = last_n_turns(model + turn, max_turns)
            for _ in range(pops):
                await session.pop_item()
                model = model[:-1]
                view = await session.get_items()
                assert view == model
                assert_well_formed(view)
                for limit in read_limits:
                    await assert_limit_rule(session, view, limit)

    asyncio.run(scenario())


@PROPERTY_SETTINGS
@given(
    shapes=st.lists(turn_shapes, max_size=12),
    ops=st.lists(st.tuples(st.integers(0, 3), st.integers(1, 6)), max_size=12),
    max_turns=st.integers(1, 6),
)
def test_trimming_session_stores_exactly_the_reference_window(
    shapes: list[tuple], ops: list[tuple[int, int]], max_turns: int
) -> None:
    """Adds, pops (of user messages too) and window changes keep the store equal to a simple model.

    The model keeps every item in a list, pops from its end and cuts before
    the n-th newest real user message; the session counts its turns as items
    come and go instead, so a wrong count shows up here as a different store.
    """

    async def scenario() -> None:
        session = TrimmingSession("props", max_turns=max_turns)
        model: list[Item] = []
        turns, _ = build_turns(shapes)
        n = max_turns
        for turn, (pops, new_n) in zip(turns, ops + [(0, n)] * len(turns)):
            await session.add_items(clone(turn))
            model = last_n_turns(model + turn, n)
            for _ in range(pops):
                popped = await session.pop_item()
                assert popped == (model.pop() if model else None)
            if new_n != n:
                n = new_n
                await session.set_max_turns(n)
                model = last_n_turns(model, n)
            assert await session.raw_items() == model
            assert await session.get_items() == model  # the window is the view: nothing edited on read

    asyncio.run(scenario())


# -------------------------------------------------------------- summarizing


@PROPERTY_SETTINGS
@given(conv=conversations(), limits_pair=summary_limits, read_limits=st.lists(limits, min_size=1, max_size=4))
def test_summarizing_session_summarizes_exactly_the_older_turns(
    conv: Conversation, limits_pair: tuple[int, int], read_limits: list[int | None]
) -> None:
    """A turn model computed here predicts every view, summarizer call and event."""
    context_limit, keep_last_n_turns = limits_pair
    keep = max(1, keep_last_n_turns)

    async def scenario() -> None:
        summarizer = TaggingSummarizer()
        session = SummarizingSession(
            keep_last_n_turns, context_limit, summarizer, "props", gate=FidelityGate([ORDER_ID])
        )
        added: list[Item] = []
        turns_seen = 0  # real user messages added so far
        turns_shown = 0  # real turns in the view, as the policy should leave them
        covered = 0  # turns folded into the summary
        pair: list[Item] = []
        for batch in conv.batches:
            sent = clone(batch)
            await session.add_items(sent)
            for item in sent:
                item["tampered"] = True
            added += batch
            new_turns = sum(1 for item in batch if is_real_user(item))
            turns_seen += new_turns
            turns_shown += new_turns
            if turns_shown > context_limit:
                # The summarizer must get the old pair plus exactly the turns it folds.
                newly_covered = turns_seen - keep
                assert summarizer.calls[-1] == pair + flatten(conv.turns[covered:newly_covered])
                covered, turns_shown = newly_covered, keep
                pair = [
                    {"role": "user", "content": SHADOW},
                    {"role": "assistant", "content": summarizer.outputs[-1]},
                ]
                assert session.summary_events[-1] == SummaryEvent(SummaryStatus.APPLIED, (1, covered))
            view = await session.get_items()
            assert_valid_view(view)
            assert view == pair + last_n_turns(added, turns_shown)  # as stored: no repair on read
            for limit in read_limits:
                await assert_limit_rule(session, view, limit)

        assert len(summarizer.calls) == len(session.summary_events)
        view = await session.get_items()
        for limit in read_limits:
            await assert_limit_rule(session, view, limit)
        await assert_returns_copies(session)
        await assert_every_turn_covered_once(session, conv.turns)

    asyncio.run(scenario())


async def assert_every_turn_covered_once(session: SummarizingSession, turns: list[list[Item]]) -> None:
    """Metadata: summary ranges plus kept turn numbers cover 1..N exactly once."""
    records = await session.get_items_with_metadata()
    covered: list[int] = []
    kept_by_turn: dict[int, list[Item]] = {}
    for record in records:
        item, meta = record["message"], record["metadata"]
        assert not METADATA_KEYS & item.keys()
        if meta.get("synthetic"):
            if meta["kind"] == "history_summary":
                first, last = meta["summary_for_turns"]
                covered += range(first, last + 1)
        else:
            kept_by_turn.setdefault(meta["turn"], []).append(item)
    covered += sorted(kept_by_turn)
    assert covered == list(range(1, len(turns) + 1))
    for number, items in kept_by_turn.items():
        assert items == turns[number - 1], f"turn {number} not kept verbatim"


FAILURES = {
    "raises": (lambda: FailingSummarizer(RuntimeError("summarizer exploded")), {}, "failed", "summarizer exploded"),
    "times_out": (lambda: SlowSummarizer(30), {"summary_timeout": 0.001}, "failed", "timed out"),
    "empty_summary": (lambda: ReturningSummarizer((SHADOW, "  \n ")), {}, "failed", "empty summary"),
    "fidelity_gate": (ForgetfulSummarizer, {"gate": FidelityGate([ORDER_ID])}, "rejected", "ORD-"),
}


@pytest.mark.parametrize("failure", sorted(FAILURES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), limits_pair=summary_limits)
def test_failed_summaries_lose_nothing_and_are_retried(
    failure: str, data: st.DataObject, limits_pair: tuple[int, int]
) -> None:
    """A failing summarizer leaves every item verbatim; a working one later summarizes."""
    context_limit, keep_last_n_turns = limits_pair
    keep = max(1, keep_last_n_turns)
    conv = data.draw(conversations(min_turns=context_limit + 1))
    make_broken, options, status, error_text = FAILURES[failure]

    async def scenario() -> None:
        session = SummarizingSession(keep_last_n_turns, context_limit, make_broken(), "props", **options)
        added: list[Item] = []
        expected_events, attempted_at = 0, None
        for batch in conv.batches:
            await session.add_items(clone(batch))
            added += batch
            real_turns = sum(1 for item in added if is_real_user(item))
            if real_turns > context_limit and real_turns != attempted_at:
                expected_events += 1  # one attempt per new turn while over the limit
                attempted_at = real_turns
            assert await session.get_items() == added
        assert len(session.summary_events) == expected_events >= 1
        for event in session.summary_events:
            assert event.status == status
            assert error_text in event.error
        assert session.last_summary_error is not None

        working = TaggingSummarizer()
        session.summarizer = working
        extra_turns, extra_batches = build_turns([(False, "again", [True], False)], first=len(conv.turns) + 1)
        for batch in extra_batches:
            await session.add_items(clone(batch))
        all_turns = conv.turns + extra_turns
        assert session.summary_events[-1].status == "applied"
        assert working.calls == [flatten(all_turns[:-keep])]
        view = await session.get_items()
        assert view[:2] == [
            {"role": "user", "content": SHADOW},
            {"role": "assistant", "content": working.outputs[-1]},
        ]
        assert view[2:] == flatten(all_turns[-keep:])
        await assert_every_turn_covered_once(session, all_turns)

    asyncio.run(scenario())


@PROPERTY_SETTINGS
@given(
    shapes=st.lists(st.tuples(turn_shapes, st.integers(0, 5)), max_size=10),
    limits_pair=summary_limits,
    read_limits=st.lists(limits, min_size=1, max_size=3),
)
def test_summarizing_session_under_pop_item_loses_nothing_silently(
    shapes: list[tuple], limits_pair: tuple[int, int], read_limits: list[int | None]
) -> None:
    """With pops between turns every item is stored, summarized or popped — exactly one."""
    context_limit, keep_last_n_turns = limits_pair

    async def scenario() -> None:
        session = SummarizingSession(keep_last_n_turns, context_limit, TaggingSummarizer(), "props")
        turns, _ = build_turns([shape for shape, _ in shapes])
        added_tags: list[str] = []
        popped_text = ""
        for turn, (_, pops) in zip(turns, shapes):
            await session.add_items(clone(turn))
            added_tags += [tag(item) for item in turn]
            for _ in range(pops):
                popped = await session.pop_item()
                if popped is not None:
                    popped_text += " " + (text_of(popped) if is_summary(popped) else tag(popped))
                view = await session.get_items()
                assert_well_formed(view)
                for limit in read_limits:
                    await assert_limit_rule(session, view, limit)

        records = await session.get_items_with_metadata()
        stored = [tag(r["message"]) for r in records if not r["metadata"]["synthetic"]]
        summary = session.summary_text or ""
        for item_tag in added_tags:
            places = [stored.count(item_tag), summary.count(item_tag), popped_text.count(item_tag)]
            assert sum(places) == 1, f"{item_tag} stored/summarized/popped {places} times"
        summary_ends = [r["metadata"]["summary_for_turns"][1] for r in records if r["metadata"]["synthetic"]]
        turn_numbers = [r["metadata"]["turn"] for r in records if not r["metadata"]["synthetic"]]
        assert turn_numbers == sorted(turn_numbers)
        assert all(n > max(summary_ends, default=0) for n in turn_numbers)

    asyncio.run(scenario())



# ------------------------------------------------------------ the next request


@pytest.mark.parametrize(
    "make_session",
    [
        lambda: TrimmingSession("pop", max_turns=3),
        lambda: SummarizingSession(2, 4, TaggingSummarizer(), "pop"),
    ],
    ids=["trimming", "summarizing"],
)
async def test_history_plus_next_input_has_no_orphan_after_popping_a_tool_output(make_session: Any) -> None:
    """The runner sends history followed by the new input; after the SDK's pruning that is valid.

    ``pop_item`` twice is the SDK's correction pattern. On a tool turn
    (user, call, output, reply) it removes the reply and the tool *output*, so
    the history ends with an unanswered call. The read returns it as stored;
    the SDK drops an unanswered call from history before the model call, so
    the request it sends is valid.
    """
    session = make_session()
    turns, _ = build_turns([(False, "", [False], False)])
    await session.add_items(clone(turns[0]))
    await session.pop_item()
    await session.pop_item()
    history = await session.get_items()
    assert [kind(item) for item in history] == ["message", "function_call"]
    next_request = sdk_pruned(history, limited=False) + [user("[u2] corrected question")]
    assert not orphans(next_request), orphans(next_request)


@PROPERTY_SETTINGS
@given(
    shapes=st.lists(st.tuples(turn_shapes, st.integers(0, 3)), max_size=10),
    max_turns=st.integers(1, 8),
    max_tokens=st.integers(1, 400),
    over_a_store=st.booleans(),
)
def test_a_token_budget_keeps_trim_view_of_stored_plus_new_through_pops(
    shapes: list[tuple], max_turns: int, max_tokens: int, over_a_store: bool
) -> None:
    """The window keeps each item's token count once; pops and trims must keep those counts in
    step with the items, so the window is always what the pure rule gives, counting afresh."""
    async def scenario() -> None:
        store = SQLiteSession("budget") if over_a_store else None
        session = TrimmingSession("budget", max_turns=max_turns, max_tokens=max_tokens, store=store)
        turns, _ = build_turns([shape for shape, _ in shapes])
        model: list[Item] = []
        for turn, (_, pops) in zip(turns, shapes):
            await session.add_items(clone(turn))
            model = trim_view(model + turn, max_turns, max_tokens)
            for _ in range(pops):
                if model:
                    await session.pop_item()
                    model = model[:-1]
            assert await session.get_items() == trim_view(model, max_turns, max_tokens)

    asyncio.run(scenario())
