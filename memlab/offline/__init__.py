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
   visible), and writes an extractive, sectioned summary when asked to — with
   the sections, order, word budget and identifier rule the summary prompt
   asks for, memlab's or the learner's own.
3. **It reports usage** in real ``o200k_base`` tokens (:mod:`memlab.tokens`).
4. **It remembers what it served**, so ``previous_response_id`` works, and it
   **compacts** a history into user messages plus one opaque compaction item
   that it can read back later (the Agents SDK's
   ``OpenAIResponsesCompactionSession`` runs on it unchanged).

:func:`memlab.api.mode.configure` installs a client on it for the whole SDK::

    import memlab.api.mode
    print(memlab.api.mode.configure())   # "memlab mode: offline — ..."
    memlab.api.mode.current_api().last_input()   # what the model saw on its last call

The package is split by concern, one private module each: request checks
(``_checks``), replies (``_replies``), reading a summary prompt (``_prompt``),
summaries (``_summary``, reading a transcript: ``_reading``), grading
(``_judge``), compaction (``_compact``), stored responses (``_store``), the
HTTP face (``_http``) and a Runner-free play of a conversation
(``_transcript``). Import everything from ``memlab.offline``. The fake knows
the Responses API and memlab's prompts and fact shapes; it knows nothing of
memlab's scenario, sessions or summarizers.
"""

from __future__ import annotations

import httpx2
import openai

from ..api.wire import Wire
from ._checks import OfflineAPIError, check_compact_request, check_request
from ._client import OfflineAsyncOpenAI, OfflineOpenAI
from ._compact import read_compaction
from ._http import OfflineAPI, ServedRequest, off_the_loop
from ._replies import reply_item
from ._transcript import transcript

__all__ = [
    "OfflineAPI",
    "OfflineAPIError",
    "ServedRequest",
    "check_compact_request",
    "check_request",
    "offline_client",
    "read_compaction",
    "reply_item",
    "transcript",
]


def offline_client(
    api: OfflineAPI | None = None, *, sync: bool = False, wire: Wire | None = None
) -> openai.AsyncOpenAI | openai.OpenAI:
    """A real ``openai`` client whose requests are answered by ``api``.

    Args:
        api: The fake endpoint; a new :class:`OfflineAPI` when omitted.
        sync: Return a synchronous ``openai.OpenAI`` instead of ``AsyncOpenAI``.
        wire: Record every exchange there (:mod:`memlab.api.wire`).

    Returns:
        The client. Nothing it sends leaves the process. The async client's
        requests are answered in a worker thread (:func:`._http.off_the_loop`),
        so a timeout around one fires while the model works. Its
        ``responses`` resource skips the ``openai`` request transform for
        bodies that are plain JSON, where the transform changes nothing
        (:mod:`memlab.offline._client`).
    """
    api = api or OfflineAPI()
    hooks = wire.hooks(sync=sync) if wire is not None else None
    options = {"api_key": "offline", "base_url": "https://offline.memlab/v1", "max_retries": 0}
    if sync:
        transport = httpx2.MockTransport(api)
        return OfflineOpenAI(http_client=httpx2.Client(transport=transport, event_hooks=hooks), **options)
    transport = httpx2.MockTransport(off_the_loop(api))
    return OfflineAsyncOpenAI(http_client=httpx2.AsyncClient(transport=transport, event_hooks=hooks), **options)
