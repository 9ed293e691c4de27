"""Offline or live: which Responses API memlab talks to, through which client, with which model.

memlab runs the same code in two modes, and this module is the one switch:

* **offline** (the default): the real ``openai`` client, whose last hop — the
  HTTP transport — is memlab's fake of the Responses API
  (:class:`memlab.offline.api.OfflineAPI`). No network, no API key. Your own
  ``openai.OpenAI()`` or ``AsyncOpenAI()`` reaches the same fake: it is served
  on a loopback port for the process, and ``OPENAI_BASE_URL`` (with a stand-in
  ``OPENAI_API_KEY`` if you have none) points there while offline mode is on.
* **live** (``MEMLAB_LIVE=1`` and ``OPENAI_API_KEY``): the same client talking
  to the real service, or to ``OPENAI_BASE_URL`` (a local stand-in, a proxy).

::

    import memlab.api.mode
    print(memlab.api.mode.configure())   # "memlab mode: offline — ..."
    memlab.api.mode.client()             # the client the agent, summarizers and judges share

Either way every request is recorded on a :class:`~memlab.api.wire.Wire`
(:func:`memlab.api.wire.current`), so "what the model saw" and "what it cost" read
the same in both modes. The evals, the widgets and the judge ask this module
which mode is on; only offline mode loads the fake at all.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import httpx2

import openai
from agents import set_default_openai_api, set_default_openai_client, set_tracing_disabled
from agents.models._openai_shared import get_default_openai_client

from .plain_json import AsyncOpenAI
from .wire import Wire, install

if TYPE_CHECKING:
    from ..offline.api import OfflineAPI

__all__ = [
    "DEFAULT_MODEL",
    "OFFLINE_KEY",
    "LIVE_DESCRIPTION",
    "OFFLINE_DESCRIPTION",
    "client",
    "configure",
    "current_api",
    "is_live",
    "model",
]

#: The model memlab's agent, summarizers and judge use unless ``MEMLAB_MODEL`` names another.
DEFAULT_MODEL = "gpt-4.1-mini"

OFFLINE_DESCRIPTION = "memlab mode: offline — a local fake of the Responses API; no network, no API key"
LIVE_DESCRIPTION = "memlab mode: live — the real OpenAI Responses API (requests use your API key and cost money)"

_current: OfflineAPI | None = None
#: The API key offline mode gives a learner's own clients (no real key is ever needed offline).
OFFLINE_KEY = "memlab-offline"
#: The loopback server that answers a learner's own openai clients offline, and the variables set for them.
_stand_in: Any = None
_set_env: dict[str, str] = {}


def model() -> str:
    """The model name to use: ``MEMLAB_MODEL`` if set, else :data:`DEFAULT_MODEL`."""
    return os.environ.get("MEMLAB_MODEL") or DEFAULT_MODEL


def configure(mode: str | None = None, *, api: OfflineAPI | None = None) -> str:
    """Point the whole Agents SDK at the offline model, or at the real API.

    Args:
        mode: ``"offline"`` or ``"live"``. ``None`` reads the environment:
            ``MEMLAB_LIVE=1`` means live, anything else offline.
        api: The offline endpoint to install (a new one when omitted).

    Either way the client records every exchange on a fresh
    :class:`~memlab.api.wire.Wire` (``memlab.api.wire.current()``). Live, the client
    follows ``OPENAI_BASE_URL`` like any ``openai`` client.

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
        _unset_own_client_env()
        if not os.environ.get("OPENAI_API_KEY"):
            raise RuntimeError("MEMLAB_LIVE=1 needs OPENAI_API_KEY; set it, or unset MEMLAB_LIVE to stay offline")
        _current = None
        wire = install(Wire(live=True))
        live_client = AsyncOpenAI(http_client=openai.DefaultAsyncHttpxClient(event_hooks=wire.hooks()))
        set_default_openai_client(live_client, use_for_tracing=False)
        base = os.environ.get("OPENAI_BASE_URL")
        return LIVE_DESCRIPTION + (f" (via OPENAI_BASE_URL={base})" if base else "")
    from ..offline.api import OfflineAPI  # the fake is loaded only when it is used
    from ..offline.client import offline_client

    _current = api or OfflineAPI()
    wire = install(Wire(live=False))
    set_default_openai_client(offline_client(_current, event_hooks=wire.hooks()), use_for_tracing=False)
    _serve_own_clients()
    return OFFLINE_DESCRIPTION


def _answer_offline(request: httpx2.Request) -> httpx2.Response:
    """The stand-in's handler: whatever offline API is current when a request arrives."""
    if _current is None:
        return httpx2.Response(503, json={"error": {"message": "memlab is in live mode: this stand-in is off",
                                                    "type": "server_error", "param": None, "code": None}})
    return _current(request)


def _serve_own_clients() -> None:
    """Serve the offline API on a loopback port (once per process) and point ``OPENAI_BASE_URL`` at it.

    Only variables the learner did not set are set (an ``OPENAI_BASE_URL`` of
    their own is kept: they chose where their clients go), and live mode
    removes them again.
    """
    global _stand_in
    if _stand_in is None:
        from ..offline.server import serve

        _stand_in = serve(_answer_offline)
    inherited = os.environ.get("OPENAI_API_KEY") == OFFLINE_KEY  # set by a memlab parent process: ours to replace
    for name, value in (("OPENAI_BASE_URL", _stand_in.url), ("OPENAI_API_KEY", OFFLINE_KEY)):
        if name not in os.environ or os.environ[name] == _set_env.get(name) or inherited:
            os.environ[name] = _set_env[name] = value


def _unset_own_client_env() -> None:
    """Remove the variables offline mode set, so live mode never talks to the stand-in by mistake."""
    if os.environ.get("OPENAI_API_KEY") == OFFLINE_KEY:  # ours, or inherited from a memlab process
        _set_env.setdefault("OPENAI_API_KEY", OFFLINE_KEY)
        _set_env.setdefault("OPENAI_BASE_URL", os.environ.get("OPENAI_BASE_URL", ""))
    for name, value in list(_set_env.items()):
        if os.environ.get(name) == value:
            del os.environ[name]
        del _set_env[name]


def client() -> openai.AsyncOpenAI:
    """The client the SDK uses (configuring the default mode first if nothing was configured).

    Summarizers and judges should talk through it, so that in live mode they
    reach the real API (or ``OPENAI_BASE_URL``) like the agent, and every
    request they send is on :func:`memlab.api.wire.current`.
    """
    if get_default_openai_client() is None:
        configure()
    return get_default_openai_client()


def current_api() -> OfflineAPI | None:
    """The offline API in use, or ``None`` in live mode (configuring the default mode first if needed)."""
    if _current is None and get_default_openai_client() is None:
        configure()
    return _current


def is_live() -> bool:
    """Whether memlab talks to a real API (or a stand-in over HTTP) rather than the in-process fake."""
    return current_api() is None
