"""The offline model: a fake Responses API that lives inside your Python process.

memlab's notebooks and tests run with no network and no API key, yet they use
the *real* stack: the Agents SDK's ``OpenAIResponsesModel`` calls the *real*
``openai.AsyncOpenAI`` client, which sends a real HTTP request. Only the last
hop is fake: the client's HTTP transport is an ``httpx2.MockTransport`` whose
handler is an :class:`OfflineAPI`. It answers ``POST /v1/responses`` (and
``POST /v1/responses/compact``) like the real service:

1. **It checks the request** the way the API does and answers HTTP 400 with
   the API's error JSON, so the client raises ``openai.BadRequestError``. A
   history that a memory policy broke (a tool output without its call, a
   reasoning item without what followed it, a stray ``metadata`` key) fails
   offline exactly where it would fail live.
2. **It replies deterministically** from what the request contains: it calls a
   support tool when the user's message asks for one, answers from a tool's
   result, answers "what was my order number?" from facts *present in its
   input* (and says plainly when they are not — trimming's amnesia made
   visible), and writes an extractive, sectioned summary when asked to.
3. **It reports usage** in real ``o200k_base`` tokens (:mod:`memlab.tokens`).
4. **It remembers what it served**, so ``previous_response_id`` works, and it
   **compacts** a history into user messages plus one opaque compaction item
   that it can read back later (the Agents SDK's
   ``OpenAIResponsesCompactionSession`` runs on it unchanged).

Switch the whole SDK over with one call::

    from memlab import offline
    print(offline.configure())   # "memlab mode: offline — ..."
    offline.current_api().last_input()   # what the model saw on its last call

The package is split by concern, one private module each: request checks
(``_checks``), replies (``_replies``), summaries (``_summary``), grading
(``_judge``), compaction (``_compact``), stored responses (``_store``), the
HTTP face (``_http``) and a Runner-free replay of a conversation
(``_transcript``). Import everything from ``memlab.offline``.

With ``MEMLAB_LIVE=1`` and ``OPENAI_API_KEY`` set, :func:`configure` installs
the real client instead: the same code then talks to the real service.
"""

from __future__ import annotations

import os
from typing import Any

import httpx2
import openai
from agents import set_default_openai_api, set_default_openai_client, set_tracing_disabled
from agents.models._openai_shared import get_default_openai_client

from ..summarizer import LLMSummarizer
from ..wire import Wire, install
from ._checks import OfflineAPIError, check_compact_request, check_request
from ._compact import read_compaction
from ._http import OfflineAPI, ServedRequest, off_the_loop
from ._replies import reply_item
from ._transcript import transcript

__all__ = [
    "LIVE_DESCRIPTION",
    "OFFLINE_DESCRIPTION",
    "OfflineAPI",
    "OfflineAPIError",
    "OfflineSummarizer",
    "ServedRequest",
    "check_compact_request",
    "check_request",
    "client",
    "configure",
    "current_api",
    "offline_client",
    "read_compaction",
    "reply_item",
    "transcript",
]

OFFLINE_DESCRIPTION = "memlab mode: offline — a local fake of the Responses API; no network, no API key"
LIVE_DESCRIPTION = "memlab mode: live — the real OpenAI Responses API (requests use your API key and cost money)"

_current: OfflineAPI | None = None


def offline_client(
    api: OfflineAPI | None = None, *, sync: bool = False, wire: Wire | None = None
) -> openai.AsyncOpenAI | openai.OpenAI:
    """A real ``openai`` client whose requests are answered by ``api``.

    Args:
        api: The fake endpoint; a new :class:`OfflineAPI` when omitted.
        sync: Return a synchronous ``openai.OpenAI`` instead of ``AsyncOpenAI``.
        wire: Record every exchange there (:mod:`memlab.wire`).

    Returns:
        The client. Nothing it sends leaves the process. The async client's
        requests are answered in a worker thread (:func:`._http.off_the_loop`),
        so a timeout around one fires while the model works.
    """
    api = api or OfflineAPI()
    hooks = wire.hooks(sync=sync) if wire is not None else None
    options = {"api_key": "offline", "base_url": "https://offline.memlab/v1", "max_retries": 0}
    if sync:
        transport = httpx2.MockTransport(api)
        return openai.OpenAI(http_client=httpx2.Client(transport=transport, event_hooks=hooks), **options)
    transport = httpx2.MockTransport(off_the_loop(api))
    return openai.AsyncOpenAI(http_client=httpx2.AsyncClient(transport=transport, event_hooks=hooks), **options)


class OfflineSummarizer(LLMSummarizer):
    """memlab's ``LLMSummarizer``, talking to an offline API instead of the real one.

    The request still goes over the (fake) wire: same prompt, same transcript,
    same checks of the response as with a live model.

    Args:
        api: The offline endpoint; a new :class:`OfflineAPI` when omitted.
        model: The model name sent with each request.
        **kwargs: Other ``LLMSummarizer`` arguments (``max_tokens``, ``tool_trim_limit``...).
    """

    def __init__(self, api: OfflineAPI | None = None, model: str = "gpt-4.1-mini", **kwargs: Any) -> None:
        self.api = api or OfflineAPI()
        super().__init__(offline_client(self.api), model, **kwargs)


def client() -> openai.AsyncOpenAI:
    """The client the SDK uses (configuring the default mode first if nothing was configured).

    Summarizers and judges should talk through it, so that in live mode they
    reach the real API (or ``OPENAI_BASE_URL``) like the agent, and every
    request they send is on :func:`memlab.wire.current`.
    """
    if get_default_openai_client() is None:
        configure()
    return get_default_openai_client()


def current_api() -> OfflineAPI | None:
    """The :class:`OfflineAPI` that :func:`configure` installed (``None`` in live mode)."""
    return _current


def configure(mode: str | None = None, *, api: OfflineAPI | None = None) -> str:
    """Point the whole Agents SDK at the offline model, or at the real API.

    Args:
        mode: ``"offline"`` or ``"live"``. ``None`` reads the environment:
            ``MEMLAB_LIVE=1`` means live, anything else offline.
        api: The offline endpoint to install (a new one when omitted).

    Either way the client records every exchange on a fresh
    :class:`~memlab.wire.Wire` (``memlab.wire.current()``), so "what the model
    saw" and "what it cost" read the same in both modes. Live, the client
    follows ``OPENAI_BASE_URL`` (a stand-in endpoint, a proxy) like any
    ``openai`` client; the agent's model is ``MEMLAB_MODEL`` if set.

    Returns:
        A one-line description of the mode, for a notebook to print.

    Raises:
        ValueError: For an unknown ``mode``.
        RuntimeError: For live mode without ``OPENAI_API_KEY``.
    """
    global _current
    if mode is None:
        mode = "live" if os.environ.get("MEMLAB_LIVE", "").strip().lower() in ("1", "true", "yes") else "offline"
    if mode not in ("offline", "live"):
        raise ValueError(f"mode must be 'offline' or 'live', not {mode!r}")
    set_tracing_disabled(True)
    set_default_openai_api("responses")
    if mode == "live":
        if not os.environ.get("OPENAI_API_KEY"):
            raise RuntimeError("MEMLAB_LIVE=1 needs OPENAI_API_KEY; set it, or unset MEMLAB_LIVE to stay offline")
        _current = None
        wire = install(Wire(live=True))
        client = openai.AsyncOpenAI(http_client=openai.DefaultAsyncHttpxClient(event_hooks=wire.hooks()))
        set_default_openai_client(client, use_for_tracing=False)
        base = os.environ.get("OPENAI_BASE_URL")
        return LIVE_DESCRIPTION + (f" (via OPENAI_BASE_URL={base})" if base else "")
    _current = api or OfflineAPI()
    wire = install(Wire(live=False))
    set_default_openai_client(offline_client(_current, wire=wire), use_for_tracing=False)
    return OFFLINE_DESCRIPTION
