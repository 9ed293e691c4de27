"""Clients and summarizers that meter what an eval run costs.

The metering wrappers read the ``usage`` of every Responses call so that token
counts come from the run itself; :class:`LossySummarizer` forgets on purpose,
to show what the fidelity gate protects. (The client for the current mode,
offline or live, is :func:`memlab.api.mode.client`.)
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from typing import Any

import pandas as pd

from ..async_bridge import call_either
from ..items import Item
from ..summarizer import LLMSummarizer, Summarizer, call_summarizer, check_summarizer, takes_must_keep

__all__ = ["MeteredClient", "CountingSummarizer", "LossySummarizer"]


class MeteredClient:
    """Wraps an ``openai`` client; remembers the ``usage`` of each Responses call.

    ``responses.create`` and ``responses.compact`` are metered; anything else
    is passed through to the wrapped client unchanged.
    """

    def __init__(self, client: Any) -> None:
        self.client = client
        self.usages: list[Any] = []
        self.responses = _MeteredResponses(self)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    def tokens(self) -> tuple[int, int]:
        """``(input_tokens, output_tokens)`` summed over every call so far."""
        used = [u for u in self.usages if u is not None]
        return sum(u.input_tokens for u in used), sum(u.output_tokens for u in used)


class _MeteredResponses:
    def __init__(self, outer: MeteredClient) -> None:
        self.outer = outer

    def __getattr__(self, name: str) -> Any:
        return getattr(self.outer.client.responses, name)

    async def create(self, **request: Any) -> Any:
        return await self._metered(self.outer.client.responses.create, request)

    async def compact(self, **request: Any) -> Any:
        return await self._metered(self.outer.client.responses.compact, request)

    async def _metered(self, method: Any, request: dict[str, Any]) -> Any:
        response = await call_either(method, **request)
        self.outer.usages.append(getattr(response, "usage", None))
        return response


class CountingSummarizer:
    """Wraps a summarizer: counts its model calls and meters its tokens when it can.

    An :class:`~memlab.LLMSummarizer` (or subclass) is copied onto a metered
    client, so its real ``usage`` is read. A summarizer whose ``uses_model`` is
    ``False`` (such as :class:`~memlab.beyond.fact_sheet.FactSheetSummarizer`) makes
    no model call: it is not counted and costs no tokens (its summaries show
    in a replay's ``summaries_applied``). Any other summarizer is counted as one
    call per summary (its token columns are then ``<NA>``: memlab cannot see
    what it spent). A summarizer written the cookbook's way
    (``summarize(self, messages)``) is called as it was written.

    Raises:
        TypeError: If ``inner`` is not a summarizer memlab can call
            (:func:`memlab.summarizer.check_summarizer`).
    """

    def __init__(self, inner: Summarizer) -> None:
        if inner is None:
            raise TypeError("CountingSummarizer needs a summarizer, not None")
        check_summarizer(inner)
        self.meter: MeteredClient | None = None
        if isinstance(inner, LLMSummarizer):
            inner = copy.copy(inner)
            self.meter = MeteredClient(inner.client)
            inner.client = self.meter
        self.inner = inner
        self.calls = 0
        self._tell_must_keep = takes_must_keep(inner)

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> Any:
        """Count the model call (if it makes one) and return what the wrapped summarizer returns.

        The wrapped summarizer is told ``must_keep`` if it takes it.
        """
        if getattr(self.inner, "uses_model", True) is not False:
            self.calls += 1
        return await call_summarizer(self.inner, items, must_keep, tell=self._tell_must_keep)

    def tokens(self) -> tuple[Any, Any]:
        if self.meter is not None:
            return self.meter.tokens()
        return (0, 0) if getattr(self.inner, "uses_model", True) is False else (pd.NA, pd.NA)


class LossySummarizer(LLMSummarizer):
    """An :class:`~memlab.LLMSummarizer` that forgets on purpose, to test the fidelity gate.

    It asks the model for a summary as usual, then deletes every line that
    matches one of ``drop`` — the way a real model sometimes paraphrases an
    order number into "your order". Use it to see what the fidelity gate
    (``SummarizingSession(must_keep=...)``) protects.

    Args:
        client: An ``openai`` client (for example :func:`memlab.api.mode.client`).
        drop: Regexes; a summary line matching any of them is removed.
        **kwargs: Other :class:`~memlab.LLMSummarizer` arguments.

    Raises:
        ValueError: If ``drop`` is empty or holds an invalid regex.
    """

    def __init__(self, client: Any, drop: Sequence[str], **kwargs: Any) -> None:
        if isinstance(drop, str) or not drop:
            raise ValueError("drop must be a non-empty list of regexes")
        try:
            self.drop = [re.compile(pattern) for pattern in drop]
        except re.error as exc:
            raise ValueError(f"invalid regex in drop: {exc}") from None
        super().__init__(client, **kwargs)

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        shadow, summary = await super().summarize(items, must_keep=must_keep)
        kept = [line for line in summary.splitlines() if not any(p.search(line) for p in self.drop)]
        return shadow, "\n".join(kept)
