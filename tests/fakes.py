"""Stand-ins the tests share: summarizers, stores, head stores and a Responses client, one behaviour each.

A test names the behaviour it needs (``FailingSummarizer()``, ``FlakyStore(store)``)
instead of defining its own class, so each behaviour is written once and
documented here.

* **Summarizers** follow memlab's ``Summarizer`` protocol (``async def
  summarize(items, *, must_keep=())``): echo the items, wait for the test, fail,
  return a given pair, take too long, or (wrongly) answer synchronously, which
  memlab refuses when a session is built.
* **Stores** are SDK sessions a memlab session can sit on: a bare list, one
  that decodes JSON text itself, one that counts its reads, one that lets
  another writer in at the worst moment, and a wrapper whose reads or writes
  fail on demand.
* **Head stores** keep an :class:`~memlab.storage.integrity.IntegritySession`'s signed
  heads in a dict, or on a disk that fills up.
* **A Responses client** answers every ``responses.create`` with one given reply.
"""

from __future__ import annotations

import asyncio
import copy
import errno
import json
import types
from collections.abc import Callable, Sequence
from typing import Any

from agents import SQLiteSession
from agents.memory import Session, SessionABC

from memlab.storage.heads import FileHeadStore

from memlab.items import assistant, user

Item = dict[str, Any]


def text_of(item: Item) -> str:
    """A short, memlab-independent rendering of an item: its text, output or name."""
    content = item.get("content")
    if isinstance(content, list):
        content = " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or item.get("output") or item.get("name") or item.get("call_id") or item.get("id") or "")


# ---------------------------------------------------------------- summarizers


class EchoSummarizer:
    """Deterministic: the summary lists every item it was given, so facts survive and can be traced.

    Args:
        shadow: The shadow prompt it returns.
        prefix: What the summary starts with (a test can tell a summary by it).
        render: How one item reads in the summary (default :func:`text_of`);
            an item it renders as ``""`` is left out. A test whose items carry
            unique tags renders the tag, so "this item was summarized" is a
            substring check.
        separator: What goes between two rendered items.
        delay: Seconds each call sleeps first (``asyncio.sleep``, so other
            coroutines run meanwhile: writers, readers, another summary).

    Attributes:
        calls: A deep copy of the items of each call, in order.
        facts: The ``must_keep`` facts of each call.
        outputs: The summary each call returned.
        max_active: The most calls that were running at once (1 means no two
            summaries ever overlapped).
    """

    def __init__(
        self,
        shadow: str = "recap please",
        prefix: str = "SUMMARY: ",
        *,
        render: Callable[[Item], str] = text_of,
        separator: str = " | ",
        delay: float = 0.0,
    ) -> None:
        self.shadow, self.prefix, self.render, self.separator, self.delay = shadow, prefix, render, separator, delay
        self.calls: list[list[Item]] = []
        self.facts: list[list[str]] = []
        self.outputs: list[str] = []
        self.active = 0
        self.max_active = 0

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        self.calls.append(copy.deepcopy(items))
        self.facts.append(list(must_keep))
        self.active += 1
        self.max_active = max(self.max_active, self.active)
        try:
            await self.think()
            summary = self.prefix + self.separator.join(text for text in map(self.render, items) if text)
        finally:
            self.active -= 1
        self.outputs.append(summary)
        return self.shadow, summary

    async def think(self) -> None:
        """What a call does between receiving its items and answering: sleep :attr:`delay` seconds."""
        if self.delay:
            await asyncio.sleep(self.delay)


class GatedSummarizer(EchoSummarizer):
    """An :class:`EchoSummarizer` that answers only once the test sets :attr:`release`.

    The test awaits :attr:`started`, changes the history while the summarizer
    "thinks" (pops, adds, clears), then sets :attr:`release`. Takes the same
    arguments as :class:`EchoSummarizer`.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    async def think(self) -> None:
        self.started.set()
        await super().think()
        await self.release.wait()


class FailingSummarizer:
    """Raises ``error`` (a ``RuntimeError`` by default) on every call.

    Attributes:
        calls: How many times it was called.
    """

    def __init__(self, error: BaseException | None = None) -> None:
        self.error = error or RuntimeError("model unavailable")
        self.calls = 0

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        self.calls += 1
        raise self.error


class ReturningSummarizer:
    """Returns ``result`` as is, whatever its shape (an empty summary, a number for a shadow prompt...)."""

    def __init__(self, result: Any) -> None:
        self.result = result

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> Any:
        return self.result


class SlowSummarizer:
    """Sleeps ``delay`` seconds, then returns a fixed pair: longer than a test's timeout, or just slow."""

    def __init__(self, delay: float = 5.0) -> None:
        self.delay = delay

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        await asyncio.sleep(self.delay)
        return "recap", f"a summary that took {self.delay} s"


def ForgetfulSummarizer() -> ReturningSummarizer:  # noqa: N802 (reads as a class at call sites)
    """A summary that names no identifier at all: what the fidelity gate exists for."""
    return ReturningSummarizer(("recap", "The customer had an order problem."))


class SyncSummarizer:
    """A summarizer written as a plain ``def``: the ``Summarizer`` protocol is async, so memlab refuses it at construction."""

    def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        return "recap", "SUMMARY: " + " | ".join(text_of(item) for item in items[:3])


# ---------------------------------------------------------------- stores


class ListStore(SessionABC):
    """An SDK session that hands back exactly the rows it holds, as Python objects.

    No JSON round trip, no repair: whatever a test puts in ``rows`` (a
    malformed record, a 100,000-deep dict) is what a session on top of it reads.
    """

    def __init__(self, rows: list[Any] | None = None, session_id: str = "conv") -> None:
        self.session_id, self.session_settings = session_id, None
        self.rows = rows if rows is not None else []

    async def get_items(self, limit: int | None = None) -> list[Any]:
        return list(self.rows if limit is None else self.rows[-limit:] if limit > 0 else [])

    async def add_items(self, items: list[Any]) -> None:
        self.rows += items

    async def pop_item(self) -> Any:
        return self.rows.pop() if self.rows else None

    async def clear_session(self) -> None:
        self.rows.clear()


class DecodingStore(ListStore):
    """A :class:`ListStore` whose rows are JSON text, decoded on every read, as ``RedisSession`` does.

    A row nested too deeply makes the read itself raise ``RecursionError``:
    what a session on top of such a store has to report clearly.
    """

    async def get_items(self, limit: int | None = None) -> list[Any]:
        return [json.loads(row) for row in await super().get_items(limit)]


class CountingStore(SQLiteSession):
    """An in-memory ``SQLiteSession`` that remembers how many rows each read returned (in :attr:`reads`)."""

    def __init__(self, session_id: str) -> None:
        super().__init__(session_id)
        self.reads: list[int] = []

    async def get_items(self, limit: int | None = None) -> list[Any]:
        rows = await super().get_items(limit)
        self.reads.append(len(rows))
        return rows


class RacingStore(SQLiteSession):
    """An in-memory ``SQLiteSession`` that lets another writer in just before each snapshot row.

    Set :attr:`other` to a second session on this store: before a memlab
    snapshot row is written, that session adds a whole turn first (the worst
    interleaving for a snapshot). :attr:`raced` counts those writes.
    """

    def __init__(self, session_id: str) -> None:
        super().__init__(session_id)
        self.other: Session | None = None
        self.raced = 0

    async def add_items(self, items: list[Any]) -> None:
        if self.other is not None and items and items[0].get("op") == "snapshot":
            other, self.other = self.other, None  # one racing write at a time
            self.raced += 1
            await other.add_items([user(f"racing {self.raced}"), assistant(f"raced {self.raced}")])
            self.other = other
        await super().add_items(items)


class FlakyStore(SessionABC):
    """Wraps a real store; its writes or reads fail on demand, as a database connection does.

    Args:
        inner: The store that really holds the rows (a ``SQLiteSession``...).
        write_error: What a failing write raises (``OSError("disk full")``).
        read_error: What a failing read raises (a connection reset).

    Attributes:
        fail_writes: ``True`` (every write fails), a set of memlab op names
            (only writes of those ops fail: ``{"summary"}``, ``{"snapshot"}``),
            or ``False``.
        writes_land: A failing write is stored before it raises (the
            connection dropped after the commit) instead of failing untouched.
        fail_reads: Every read fails while set.
        fail_reads_after_writes: Each write that lands sets :attr:`fail_reads`
            (so the read that follows a write fails).
    """

    def __init__(
        self, inner: Session, *, write_error: Exception | None = None, read_error: Exception | None = None
    ) -> None:
        self.inner = inner
        self.session_id, self.session_settings = inner.session_id, None
        self.write_error = write_error or OSError("disk full")
        self.read_error = read_error or ConnectionResetError("connection reset by peer")
        self.fail_writes: bool | set[str] = False
        self.writes_land = False
        self.fail_reads = False
        self.fail_reads_after_writes = False

    async def get_items(self, limit: int | None = None) -> list[Any]:
        if self.fail_reads:
            raise self.read_error
        return await self.inner.get_items(limit)

    async def add_items(self, items: list[Any]) -> None:
        if self.fail_writes is True or (self.fail_writes and items and items[0].get("op") in self.fail_writes):
            if self.writes_land:
                await self.inner.add_items(items)
            raise self.write_error
        await self.inner.add_items(items)
        if self.fail_reads_after_writes:
            self.fail_reads = True

    async def pop_item(self) -> Any:
        return await self.inner.pop_item()

    async def clear_session(self) -> None:
        await self.inner.clear_session()

    def close(self) -> None:
        """Close the wrapped store (a ``SQLiteSession`` holds a connection)."""
        self.inner.close()


# ---------------------------------------------------------------- head stores


class DictHeadStore:
    """A head store (memlab's ``HeadStore`` protocol) that keeps the signed heads in :attr:`records`."""

    def __init__(self) -> None:
        self.records: dict[str, Any] = {}

    def load(self, session_id: str) -> Any:
        return self.records.get(session_id)

    def save(self, session_id: str, record: dict[str, Any]) -> None:
        self.records[session_id] = record


class DiskFullHeadStore(FileHeadStore):
    """A ``FileHeadStore`` whose saves start failing (disk full) after :attr:`saves_left` more succeed.

    ``saves_left = None`` (the default) never fails; ``0`` fails the next save.
    """

    saves_left: int | None = None

    def save(self, session_id: str, record: dict[str, Any]) -> None:
        if self.saves_left is not None:
            if self.saves_left == 0:
                raise OSError(errno.ENOSPC, "No space left on device")
            self.saves_left -= 1
        super().save(session_id, record)


# ---------------------------------------------------------------- a Responses client


class FakeResponsesClient:
    """A stand-in for an ``openai`` client whose ``responses.create`` always gives one reply.

    Args:
        text: The reply's ``output_text``.
        status: The reply's ``status`` (``"incomplete"`` for a reply cut short).
        incomplete_reason: With ``status="incomplete"``: why (``"max_output_tokens"``).
        sync: ``responses.create`` is a plain function, as on ``openai.OpenAI``.

    Attributes:
        requests: The keyword arguments of each ``responses.create`` call.
    """

    def __init__(
        self,
        text: str = "## Identifiers\n- A-1042",
        *,
        status: str = "completed",
        incomplete_reason: str | None = None,
        sync: bool = False,
    ) -> None:
        details = types.SimpleNamespace(reason=incomplete_reason) if incomplete_reason else None
        self.reply = types.SimpleNamespace(output_text=text, status=status, incomplete_details=details)
        self.requests: list[dict[str, Any]] = []
        self.responses = types.SimpleNamespace(create=self._create_sync if sync else self._create)

    def _create_sync(self, **request: Any) -> types.SimpleNamespace:
        self.requests.append(request)
        return self.reply

    async def _create(self, **request: Any) -> types.SimpleNamespace:
        return self._create_sync(**request)
