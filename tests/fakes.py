"""Stand-ins the tests share: summarizers that behave in one known way each, and a bare store.

Each stub follows memlab's ``Summarizer`` protocol (``async def
summarize(items, *, must_keep=())``) and does exactly one thing, so a test
names the behaviour it needs (``FailingSummarizer()``) instead of defining its
own class.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from agents.memory import SessionABC

Item = dict[str, Any]


def text_of(item: Item) -> str:
    """A short, memlab-independent rendering of an item: its text, output or name."""
    content = item.get("content")
    if isinstance(content, list):
        content = " ".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return str(content or item.get("output") or item.get("name") or item.get("call_id") or item.get("id") or "")


class EchoSummarizer:
    """Deterministic: the summary lists every item's text, so facts survive.

    Attributes:
        calls: The items of each call.
        facts: The ``must_keep`` facts of each call.
    """

    def __init__(self, shadow: str = "recap please", prefix: str = "SUMMARY: ") -> None:
        self.shadow, self.prefix = shadow, prefix
        self.calls: list[list[Item]] = []
        self.facts: list[list[str]] = []

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        self.calls.append(items)
        self.facts.append(list(must_keep))
        return self.shadow, self.prefix + " | ".join(text_of(item) for item in items)


class FailingSummarizer:
    """Raises ``error`` (a ``RuntimeError`` by default) on every call."""

    def __init__(self, error: BaseException | None = None) -> None:
        self.error = error or RuntimeError("model unavailable")
        self.calls = 0

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        self.calls += 1
        raise self.error


class ReturningSummarizer:
    """Returns ``result`` as is, whatever its shape (an empty summary, a bad pair...)."""

    def __init__(self, result: Any) -> None:
        self.result = result

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> Any:
        return self.result


class SlowSummarizer:
    """Sleeps ``delay`` seconds, then summarizes like :class:`EchoSummarizer`."""

    def __init__(self, delay: float = 5.0) -> None:
        self.delay = delay

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        await asyncio.sleep(self.delay)
        return "recap", "too late"


def ForgetfulSummarizer() -> ReturningSummarizer:  # noqa: N802 (reads as a class at call sites)
    """A summary that names no identifier at all: what the fidelity gate exists for."""
    return ReturningSummarizer(("recap", "The customer had an order problem."))


class GatedSummarizer:
    """Waits until the test sets :attr:`release`, so a test can change history while it 'thinks'."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.release = asyncio.Event()

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        self.started.set()
        await self.release.wait()
        return "recap", "SUMMARY of " + " | ".join(text_of(item) for item in items)


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
