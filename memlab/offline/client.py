"""The offline client: a real ``openai`` client whose last hop is the offline API.

:func:`offline_client` gives an ``openai.AsyncOpenAI`` (or ``OpenAI``) whose
HTTP transport is an ``httpx2.MockTransport`` answered by an
:class:`~memlab.offline.api.OfflineAPI`: nothing leaves the process, and
everything above the transport — the SDK, the client's request building and
response parsing — is the real code.

One step is skipped where it does nothing: before sending, ``responses.create``
walks its body through the ``openai`` request transform (renaming aliased keys,
formatting dates and files). For a body that is already plain JSON — every
body the SDK and memlab build — the walk returns what it was given, yet it is
most of a replay's time. The offline client's ``responses`` resource skips it
for plain-JSON bodies only (anything else still goes through the real
transform); a live client never skips it.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any

import httpx2
import openai
from openai import NotGiven, Omit
from openai.resources.responses import responses as responses_module

from .api import OfflineAPI, off_the_loop

__all__ = ["AsyncOfflineResponses", "OfflineAsyncOpenAI", "OfflineOpenAI", "OfflineResponses", "offline_client", "plain_json_body"]

#: Set while an offline client's ``responses.create`` or ``responses.compact`` builds its request.
_SKIP_TRANSFORM: contextvars.ContextVar[bool] = contextvars.ContextVar("memlab_offline_skip_transform", default=False)


@contextlib.contextmanager
def _skipping_transform() -> Iterator[None]:
    """While this runs (in this task or thread only), an identity transform may be skipped."""
    token = _SKIP_TRANSFORM.set(True)
    try:
        yield
    finally:
        _SKIP_TRANSFORM.reset(token)


_PLAIN_SCALARS = (str, int, float, bool, type(None))


def _is_plain_json(value: Any) -> bool:
    """Whether ``value`` is made only of ``dict`` (with ``str`` keys), ``list``, and JSON scalars."""
    kind = type(value)
    if kind is dict:
        return all(type(key) is str and _is_plain_json(item) for key, item in value.items())
    if kind is list:
        return all(_is_plain_json(item) for item in value)
    return kind in _PLAIN_SCALARS


def plain_json_body(data: Any) -> dict[str, Any] | None:
    """``data`` (what ``create``/``compact`` hands the transform) without omitted arguments, if that is plain JSON:
    then the transform is the identity. ``None``: the real transform must run."""
    if type(data) is not dict:
        return None
    body = {key: value for key, value in data.items() if not isinstance(value, (Omit, NotGiven))}
    return body if _is_plain_json(body) else None


def _skipping(original: Callable[..., Any], *, is_async: bool) -> Callable[..., Any]:
    """``original`` (a module-level ``maybe_transform``), skipped for plain JSON while the mark is set."""
    if is_async:

        async def transform(data: Any, expected_type: Any) -> Any:
            if _SKIP_TRANSFORM.get():
                body = plain_json_body(data)
                if body is not None:
                    return body
            return await original(data, expected_type)

    else:

        def transform(data: Any, expected_type: Any) -> Any:  # type: ignore[misc]
            if _SKIP_TRANSFORM.get():
                body = plain_json_body(data)
                if body is not None:
                    return body
            return original(data, expected_type)

    transform.__wrapped__ = original  # type: ignore[attr-defined]
    transform.memlab_skips_plain_json = True  # type: ignore[attr-defined]
    return transform


def _install() -> None:
    """Wrap the transform the Responses resource calls (once per process; a no-op when not marked)."""
    for name, is_async in (("async_maybe_transform", True), ("maybe_transform", False)):
        current = getattr(responses_module, name)
        if not getattr(current, "memlab_skips_plain_json", False):
            setattr(responses_module, name, _skipping(current, is_async=is_async))


class AsyncOfflineResponses(openai.resources.responses.AsyncResponses):
    """``client.responses`` of the offline async client: ``create``/``compact`` skip the identity transform."""

    async def create(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return await super().create(*args, **kwargs)

    async def compact(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return await super().compact(*args, **kwargs)


class OfflineResponses(openai.resources.responses.Responses):
    """``client.responses`` of the offline sync client: ``create``/``compact`` skip the identity transform."""

    def create(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return super().create(*args, **kwargs)

    def compact(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return super().compact(*args, **kwargs)


class OfflineAsyncOpenAI(openai.AsyncOpenAI):
    """An ``openai.AsyncOpenAI`` whose ``responses`` is :class:`AsyncOfflineResponses` (see the module)."""

    @cached_property
    def responses(self) -> AsyncOfflineResponses:
        _install()
        return AsyncOfflineResponses(self)


class OfflineOpenAI(openai.OpenAI):
    """An ``openai.OpenAI`` whose ``responses`` is :class:`OfflineResponses` (see the module)."""

    @cached_property
    def responses(self) -> OfflineResponses:
        _install()
        return OfflineResponses(self)


def offline_client(
    api: OfflineAPI | None = None, *, sync: bool = False, event_hooks: dict[str, list[Any]] | None = None
) -> openai.AsyncOpenAI | openai.OpenAI:
    """A real ``openai`` client (``sync``: ``OpenAI``, else ``AsyncOpenAI``) whose requests ``api`` answers.

    Args:
        api: The fake endpoint (a new :class:`~memlab.offline.api.OfflineAPI` when omitted).
        sync: Return a synchronous client.
        event_hooks: ``httpx`` event hooks (memlab's wire records every exchange through them).

    The async client's requests are answered in worker threads, so the event loop stays free meanwhile.
    """
    api = api or OfflineAPI()
    options: dict[str, Any] = {"api_key": "offline", "base_url": "https://offline.memlab/v1", "max_retries": 0}
    if sync:
        http = httpx2.Client(transport=httpx2.MockTransport(api), event_hooks=event_hooks)
        return OfflineOpenAI(http_client=http, **options)
    http_async = httpx2.AsyncClient(transport=httpx2.MockTransport(off_the_loop(api)), event_hooks=event_hooks)
    return OfflineAsyncOpenAI(http_client=http_async, **options)
