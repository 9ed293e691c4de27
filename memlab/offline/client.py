"""The offline client: a real ``openai`` client whose last hop is the offline API.

:func:`offline_client` gives an ``openai.AsyncOpenAI`` (or ``OpenAI``) whose HTTP transport is an
``httpx2.MockTransport`` answered by an :class:`~memlab.offline.api.OfflineAPI`: nothing leaves the
process, and the SDK above the transport is the real code. Its ``responses.create``/``compact`` skip one
step where it does nothing: the ``openai`` request transform, which returns a plain-JSON body unchanged
yet is most of a replay's time. A live client never skips it.
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

__all__ = ["offline_client", "plain_json_body"]

#: Set while an offline client's ``responses.create`` or ``responses.compact`` builds its request.
_SKIP_TRANSFORM: contextvars.ContextVar[bool] = contextvars.ContextVar("memlab_offline_skip_transform",
                                                                       default=False)


def _is_plain_json(value: Any) -> bool:
    """Whether ``value`` is made only of ``dict`` (with ``str`` keys), ``list``, and JSON scalars."""
    if type(value) is dict:
        return all(type(key) is str and _is_plain_json(item) for key, item in value.items())
    if type(value) is list:
        return all(_is_plain_json(item) for item in value)
    return type(value) in (str, int, float, bool, type(None))


def plain_json_body(data: Any) -> dict[str, Any] | None:
    """``data`` without omitted arguments if that is plain JSON (the transform's identity), else ``None``."""
    if type(data) is not dict:
        return None
    body = {key: value for key, value in data.items() if not isinstance(value, (Omit, NotGiven))}
    return body if _is_plain_json(body) else None


def _skipping(original: Callable[..., Any], *, is_async: bool) -> Callable[..., Any]:
    """``original`` (a module-level ``maybe_transform``), skipped for plain JSON while the mark is set."""

    async def transform_async(data: Any, expected_type: Any) -> Any:
        body = plain_json_body(data) if _SKIP_TRANSFORM.get() else None
        return body if body is not None else await original(data, expected_type)

    def transform(data: Any, expected_type: Any) -> Any:
        body = plain_json_body(data) if _SKIP_TRANSFORM.get() else None
        return body if body is not None else original(data, expected_type)

    chosen = transform_async if is_async else transform
    chosen.__wrapped__ = original  # type: ignore[attr-defined]
    chosen.memlab_skips_plain_json = True  # type: ignore[attr-defined]
    return chosen


def _install() -> None:
    """Wrap the transforms the Responses resource calls (once per process; a no-op when not marked)."""
    for name, is_async in (("async_maybe_transform", True), ("maybe_transform", False)):
        current = getattr(responses_module, name)
        if not getattr(current, "memlab_skips_plain_json", False):
            setattr(responses_module, name, _skipping(current, is_async=is_async))


@contextlib.contextmanager
def _skipping_transform() -> Iterator[None]:
    """While this runs (in this task or thread only), an identity transform may be skipped."""
    token = _SKIP_TRANSFORM.set(True)
    try:
        yield
    finally:
        _SKIP_TRANSFORM.reset(token)


class _AsyncResponses(openai.resources.responses.AsyncResponses):
    """The offline async client's ``responses``: ``create``/``compact`` skip the identity transform."""

    async def create(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return await super().create(*args, **kwargs)

    async def compact(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return await super().compact(*args, **kwargs)


class _Responses(openai.resources.responses.Responses):
    """The offline sync client's ``responses``: ``create``/``compact`` skip the identity transform."""

    def create(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return super().create(*args, **kwargs)

    def compact(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return super().compact(*args, **kwargs)


class _AsyncOpenAI(openai.AsyncOpenAI):
    @cached_property
    def responses(self) -> _AsyncResponses:
        return _AsyncResponses(self)


class _OpenAI(openai.OpenAI):
    @cached_property
    def responses(self) -> _Responses:
        return _Responses(self)


def offline_client(api: OfflineAPI | None = None, *, sync: bool = False,
                   event_hooks: dict[str, list[Any]] | None = None) -> openai.AsyncOpenAI | openai.OpenAI:
    """A real ``openai`` client whose requests ``api`` answers (the async one's in worker threads).

    Args:
        api: The fake endpoint (a new :class:`~memlab.offline.api.OfflineAPI` when omitted).
        sync: Return a synchronous ``OpenAI`` client instead of an ``AsyncOpenAI``.
        event_hooks: ``httpx`` event hooks (memlab's wire records every exchange through them).
    """
    api = api or OfflineAPI()
    _install()
    options: dict[str, Any] = {"api_key": "offline", "base_url": "https://offline.memlab/v1", "max_retries": 0}
    if sync:
        return _OpenAI(http_client=httpx2.Client(transport=httpx2.MockTransport(api), event_hooks=event_hooks),
                       **options)
    transport = httpx2.MockTransport(off_the_loop(api))
    return _AsyncOpenAI(http_client=httpx2.AsyncClient(transport=transport, event_hooks=event_hooks), **options)
