"""Concurrency tests for SummarizingSession (and TrimmingSession's lock).

Many coroutines write, read and pop at once while a deliberately slow
summarizer runs outside the session's lock. Afterwards the session must account
for every item: stored verbatim, folded into the applied summary, or returned by
``pop_item`` — exactly one of the three. Every item carries a unique tag such as
``[w3t1u]``, and the test summarizer copies the tags it was given into its
summary, so "covered by the summary" is checked by content, and the metadata
(``turn`` / ``summary_for_turns``) is checked by number.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession

from .fakes import EchoSummarizer, GatedSummarizer
from memlab.items import assistant, call, output, reasoning, user
from .helpers import orphans, sdk_pruned

Item = dict[str, Any]
SHADOW = "recap?"
#: Seconds before a wait that should end at once counts as hung: a guard against hanging the suite,
#: never a measure of speed, so generous enough for the busiest machine.
HANG = 60
METADATA_KEYS = {"synthetic", "kind", "summary_for_turns", "turn", "metadata"}


def make_turn(label: str, *, tool: bool = True) -> list[Item]:
    """One complete turn whose every item carries a tag starting with ``[label``."""
    items: list[Item] = [user(f"[{label}u] question")]
    if tool:
        items += [reasoning(f"rs_{label}"), call(f"call_{label}", "lookup", "{}"), output(f"call_{label}", f"[{label}o] ok")]
    items.append(assistant(f"[{label}a] answer", f"msg_{label}"))
    return items


def tag(item: Item) -> str:
    """The unique tag of an item built by :func:`make_turn`."""
    if item.get("type") == "function_call":
        return f"[{item['call_id']}]"
    if item.get("type") == "reasoning":
        return f"[{item['id']}]"
    content = item.get("output", item.get("content"))
    if isinstance(content, list):
        content = content[0]["text"]
    return content.split(" ", 1)[0]


def is_shadow(item: Item) -> bool:
    return item == {"role": "user", "content": SHADOW}


def is_summary(item: Item) -> bool:
    return item.get("role") == "assistant" and isinstance(item.get("content"), str)


def tag_or_summary(item: Item) -> str:
    """How the test summarizer lists an item: its tag, an earlier summary's text, nothing for the shadow prompt."""
    return "" if is_shadow(item) else item["content"] if is_summary(item) else tag(item)


#: The test summarizer (``EchoSummarizer``, ``GatedSummarizer``) lists the tag of every item it covers,
#: so "covered by the summary" is checked by content.
LISTS_TAGS = {"shadow": SHADOW, "prefix": "summary: ", "render": tag_or_summary, "separator": " "}


def assert_valid_view(view: list[Item], *, limited: bool = False, popped: bool = False) -> None:
    """No metadata key, and a start at a turn boundary or the synthetic pair; valid once the SDK prunes.

    Args:
        view: What ``get_items`` returned.
        limited: The view came from ``get_items(limit)``: an item-count cut may
            start mid-turn (even with a tool output or half of the synthetic
            pair); the SDK prunes what it orphans before the model call.
        popped: ``pop_item`` ran at arbitrary moments: it can take the call
            after a reasoning item and let another writer's turn follow, which
            no session (the SDK's own included) repairs, so orphans are not checked.
    """
    if not popped:
        pruned = sdk_pruned(view, limited=limited)
        assert not orphans(pruned), orphans(pruned)
    assert all(not METADATA_KEYS & item.keys() for item in view)
    if not limited and view:
        assert view[0].get("role") == "user", f"view starts mid-turn: {view[0]}"
        if view[0]["content"] == SHADOW:
            assert is_summary(view[1])
    assert all(not is_summary(item) for item in view[2:]), "summary outside the synthetic pair"


async def account_for_every_item(
    session: SummarizingSession, added: list[Item], popped: list[Item]
) -> tuple[list[dict[str, Any]], str]:
    """Assert each added item is stored, summarized or popped — exactly once.

    Returns:
        The metadata records and the current summary text.
    """
    records = await session.get_items_with_metadata()
    stored = [tag(r["message"]) for r in records if not r["metadata"]["synthetic"]]
    summary = session.summary_text or ""
    popped_text = " ".join(p["content"] if is_summary(p) else tag(p) for p in popped)
    for item in added:
        places = [stored.count(tag(item)), summary.count(tag(item)), popped_text.count(tag(item))]
        assert sum(places) == 1, f"{tag(item)} stored/summarized/popped {places} times"
    assert len(stored) == len(set(stored)), "duplicate stored items"
    return records, summary


def assert_turn_numbers_consistent(records: list[dict[str, Any]]) -> None:
    """Kept turn numbers are ascending and all newer than what the summary covers."""
    metas = [r["metadata"] for r in records]
    summary_end = max((m["summary_for_turns"][1] for m in metas if m["synthetic"]), default=0)
    numbers = [m["turn"] for m in metas if not m["synthetic"]]
    assert numbers == sorted(numbers)
    assert all(n > summary_end for n in numbers)


async def write_turns(session: Any, rng: random.Random, added: list[Item], w: int, *, check: bool = False) -> None:
    """Writer ``w``: three whole turns (most with a tool step), at random moments."""
    for t in range(3):
        await asyncio.sleep(rng.random() * 0.004)
        turn = make_turn(f"w{w}t{t}", tool=rng.random() < 0.7)
        added.extend(turn)
        await session.add_items(turn)
        if check:
            assert_valid_view(await session.get_items())


@pytest.mark.parametrize("seed", range(5))
async def test_many_writers_and_readers_lose_nothing(seed: int) -> None:
    """20 writers (3 whole turns each) and 20 readers share one session."""
    rng = random.Random(seed)
    summarizer = EchoSummarizer(**LISTS_TAGS, delay=0.003)
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=summarizer)
    added: list[Item] = []

    async def writer(w: int) -> None:
        await write_turns(session, rng, added, w, check=True)

    async def reader() -> None:
        for _ in range(10):
            await asyncio.sleep(rng.random() * 0.004)
            assert_valid_view(await session.get_items())
            assert_valid_view(await session.get_items(rng.randint(1, 12)), limited=True)

    await asyncio.gather(*(writer(w) for w in range(20)), *(reader() for _ in range(20)))

    assert summarizer.calls, "the summarizer never ran"
    assert summarizer.max_active == 1, "two summaries ran at the same time"
    records, summary = await account_for_every_item(session, added, popped=[])
    assert_turn_numbers_consistent(records)
    # Turn numbers: the summary covers 1..b, the kept turns b+1..60, each once.
    summary_meta = [r["metadata"] for r in records if r["metadata"].get("kind") == "history_summary"]
    assert len(summary_meta) == 1
    first, last = summary_meta[0]["summary_for_turns"]
    kept = sorted({r["metadata"]["turn"] for r in records if not r["metadata"]["synthetic"]})
    assert list(range(first, last + 1)) + kept == list(range(1, 61))
    # The single-flight loop re-checked after the last writer: back within the limit.
    assert len(kept) <= session.context_limit
    view = await session.get_items()
    assert_valid_view(view)
    assert view[1]["content"] == summary


async def test_sdk_style_batches_with_concurrent_readers() -> None:
    """One writer feeds SDK-style batches while readers poll; the end state is exact."""
    summarizer = EchoSummarizer(**LISTS_TAGS, delay=0.002)
    session = SummarizingSession(keep_last_n_turns=3, context_limit=5, summarizer=summarizer)
    turns = [make_turn(f"t{n}", tool=n % 2 == 0) for n in range(1, 16)]
    done = asyncio.Event()

    async def writer() -> None:
        for turn in turns:
            batches = [turn[:1], turn[1:-1], turn[-1:]] if len(turn) > 2 else [turn[:1], turn[1:]]
            for batch in batches:
                if batch:
                    await session.add_items(batch)
                    await asyncio.sleep(0)
        done.set()

    async def reader() -> None:
        while not done.is_set():
            assert_valid_view(await session.get_items())
            await asyncio.sleep(0.0005)

    await asyncio.gather(writer(), *(reader() for _ in range(10)))

    assert summarizer.max_active == 1
    added = [item for turn in turns for item in turn]
    records, summary = await account_for_every_item(session, added, popped=[])
    assert_turn_numbers_consistent(records)
    view = await session.get_items()
    assert view[0] == {"role": "user", "content": SHADOW}
    assert view[2:] == [item for turn in turns[-3:] for item in turn]


@pytest.mark.parametrize("seed", range(5))
async def test_writers_with_interleaved_pop_item(seed: int) -> None:
    """Writers, readers and poppers at once: every item is stored, summarized or popped."""
    rng = random.Random(seed)
    summarizer = EchoSummarizer(**LISTS_TAGS, delay=0.003)
    session = SummarizingSession(keep_last_n_turns=1, context_limit=3, summarizer=summarizer)
    added: list[Item] = []
    popped: list[Item] = []

    async def writer(w: int) -> None:
        await write_turns(session, rng, added, w)

    async def popper() -> None:
        for _ in range(4):
            await asyncio.sleep(rng.random() * 0.006)
            item = await session.pop_item()
            if item is not None:
                popped.append(item)
            assert_valid_view(await session.get_items(), popped=True)

    await asyncio.gather(*(writer(w) for w in range(12)), *(popper() for _ in range(5)))

    assert summarizer.max_active == 1
    records, _ = await account_for_every_item(session, added, popped)
    assert_turn_numbers_consistent(records)
    assert_valid_view(await session.get_items(), popped=True)


async def test_trimming_session_concurrent_writers_keep_a_valid_window() -> None:
    """TrimmingSession under 20 concurrent writers: whole turns, newest window, valid view."""
    session = TrimmingSession("concurrent", max_turns=4)
    rng = random.Random(7)
    order: list[list[Item]] = []

    async def writer(w: int) -> None:
        for t in range(3):
            await asyncio.sleep(rng.random() * 0.002)
            turn = make_turn(f"w{w}t{t}", tool=rng.random() < 0.5)
            order.append(turn)  # no await before add_items: this is the storage order
            await session.add_items(turn)
            assert_valid_view(await session.get_items())

    await asyncio.gather(*(writer(w) for w in range(20)))
    assert await session.get_items() == [item for turn in order[-4:] for item in turn]


# ------------------------------------------------- summaries for a stale prefix


async def start_blocked_summary(
    context_limit: int = 2,
) -> tuple[SummarizingSession, GatedSummarizer, asyncio.Task[None], list[list[Item]]]:
    """Three turns over a limit of two; the summary of turns 1-2 waits until ``summarizer.release`` is set."""
    summarizer = GatedSummarizer(**LISTS_TAGS)
    session = SummarizingSession(keep_last_n_turns=1, context_limit=context_limit, summarizer=summarizer)
    turns = [make_turn(f"t{n}") for n in range(1, 4)]
    await session.add_items(turns[0] + turns[1])
    task = asyncio.create_task(session.add_items(turns[2]))
    await asyncio.wait_for(summarizer.started.wait(), HANG)
    assert [tag(i) for i in summarizer.calls[0]] == [tag(i) for i in turns[0] + turns[1]]
    return session, summarizer, task, turns


async def test_summary_is_discarded_when_pop_item_reaches_into_its_prefix() -> None:
    """Popping turn 3 and the reply of turn 2 changes the prefix: the summary is dropped."""
    session, summarizer, task, turns = await start_blocked_summary()
    popped = [await session.pop_item() for _ in range(len(turns[2]) + 1)]
    assert popped[-1] == turns[1][-1]
    summarizer.release.set()
    await asyncio.wait_for(task, HANG)

    assert [e.status for e in session.summary_events] == ["discarded"]
    assert session.summary_text is None
    assert len(summarizer.calls) == 1  # two turns left: within the limit, nothing to redo
    view = await session.get_items()
    assert view == turns[0] + turns[1][:-1]


async def test_summary_is_replanned_when_pop_and_add_keep_the_length() -> None:
    """Pop one prefix item and add one new item: same length, different prefix."""
    session, summarizer, task, turns = await start_blocked_summary()
    for _ in range(len(turns[2]) + 1):
        await session.pop_item()
    replacement = make_turn("t2b")[-1:]  # a corrected reply for turn 2
    newer = make_turn("t4")
    await session.add_items(replacement)
    await session.add_items(newer)  # a new third turn brings it over the limit again
    summarizer.release.set()
    await asyncio.wait_for(task, HANG)

    statuses = [e.status for e in session.summary_events]
    assert statuses == ["discarded", "applied"]
    stale = summarizer.outputs[0]  # what the summarizer returned for turns 1-2, before the pop
    assert stale == "summary: " + " ".join(tag(i) for i in turns[0] + turns[1])
    assert session.summary_text != stale
    assert tag(turns[1][-1]) not in session.summary_text  # the popped reply is not resurrected
    assert tag(replacement[0]) in session.summary_text
    view = await session.get_items()
    assert view[2:] == newer
    records, _ = await account_for_every_item(
        session, turns[0] + turns[1][:-1] + replacement + newer, popped=[]
    )
    assert_turn_numbers_consistent(records)


async def test_summary_is_discarded_after_clear_session() -> None:
    """A summary of the old history never lands in the history written after a clear."""
    session, summarizer, task, turns = await start_blocked_summary()
    await session.clear_session()
    fresh = [make_turn(f"f{n}") for n in range(1, 4)]
    for turn in fresh:
        await session.add_items(turn)
    summarizer.release.set()
    await asyncio.wait_for(task, HANG)

    assert [e.status for e in session.summary_events] == ["discarded", "applied"]
    summary = session.summary_text or ""
    assert all(tag(item) not in summary for turn in turns for item in turn)
    assert all(tag(item) in summary for item in fresh[0] + fresh[1])
    assert await session.get_items() == [
        {"role": "user", "content": SHADOW},
        {"role": "assistant", "content": summary},
        *fresh[2],
    ]
    records = await session.get_items_with_metadata()
    assert records[1]["metadata"]["summary_for_turns"] == [1, 2]
    assert [r["metadata"]["turn"] for r in records[2:]] == [3] * len(fresh[2])
