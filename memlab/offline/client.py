"""The offline client: a real ``openai`` client whose last hop is the offline API.

:func:`offline_client` gives an ``openai.AsyncOpenAI`` (or ``OpenAI``) whose HTTP transport is an
``httpx2.MockTransport`` answered by an :class:`~memlab.offline.api.OfflineAPI`: nothing leaves the
process, and the SDK above the transport is the real code (memlab's clients of
:mod:`memlab.api.plain_json`, as in live mode).
"""

from __future__ import annotations

from typing import Any

import httpx2
import openai

from ..api.plain_json import AsyncOpenAI, OpenAI
from .api import OfflineAPI, off_the_loop

__all__ = ["offline_client"]


def offline_client(api: OfflineAPI | None = None, *, sync: bool = False,
                   event_hooks: dict[str, list[Any]] | None = None) -> openai.AsyncOpenAI | openai.OpenAI:
    """A real ``openai`` client whose requests ``api`` answers (the async one's in worker threads).

    Args:
        api: The fake endpoint (a new :class:`~memlab.offline.api.OfflineAPI` when omitted).
        sync: Return a synchronous ``OpenAI`` client instead of an ``AsyncOpenAI``.
        event_hooks: ``httpx`` event hooks (memlab's wire records every exchange through them).
    """
    api = api or OfflineAPI()
    options: dict[str, Any] = {"api_key": "offline", "base_url": "https://offline.memlab/v1", "max_retries": 0}
    if sync:
        return OpenAI(http_client=httpx2.Client(transport=httpx2.MockTransport(api), event_hooks=event_hooks),
                      **options)
    transport = httpx2.MockTransport(off_the_loop(api))
    return AsyncOpenAI(http_client=httpx2.AsyncClient(transport=transport, event_hooks=event_hooks), **options)
