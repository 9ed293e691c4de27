"""memlab's ``openai`` clients: the real ones, minus one step that does nothing for the bodies memlab sends.

Before it sends a request, an ``openai`` client walks the body through the package's request types
(its "transform"): it renames keys that have an alias, turns dates and files into strings, and copies
everything else. A body made only of dicts, lists, strings, numbers, booleans and ``None`` comes out
unchanged, since no key of a Responses request has an alias (``tests/offline/test_client.py``
checks both facts on the pinned ``openai``). The walk still costs most of a client's CPU time on a long
history. So memlab's clients (offline and live) skip it for such a body; anything else, a tuple or a
pydantic object, still goes through it. The bytes sent are the same either way.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import Any

import openai
from openai import NotGiven, Omit
from openai.resources.responses import responses as responses_module

__all__ = ["AsyncOpenAI", "OpenAI", "plain_json_body"]

#: Set while one of memlab's clients builds a ``responses.create`` or ``responses.compact`` request.
_SKIP_TRANSFORM: contextvars.ContextVar[bool] = contextvars.ContextVar("memlab_skip_transform", default=False)


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
    """``responses`` of :class:`AsyncOpenAI`: ``create``/``compact`` skip the identity transform."""

    async def create(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return await super().create(*args, **kwargs)

    async def compact(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return await super().compact(*args, **kwargs)


class _Responses(openai.resources.responses.Responses):
    """``responses`` of :class:`OpenAI`: ``create``/``compact`` skip the identity transform."""

    def create(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return super().create(*args, **kwargs)

    def compact(self, *args: Any, **kwargs: Any) -> Any:
        with _skipping_transform():
            return super().compact(*args, **kwargs)


class AsyncOpenAI(openai.AsyncOpenAI):
    """``openai.AsyncOpenAI`` whose ``responses.create``/``compact`` send a plain-JSON body as it is."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _install()
        super().__init__(*args, **kwargs)

    @cached_property
    def responses(self) -> _AsyncResponses:
        return _AsyncResponses(self)


class OpenAI(openai.OpenAI):
    """``openai.OpenAI`` whose ``responses.create``/``compact`` send a plain-JSON body as it is."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        _install()
        super().__init__(*args, **kwargs)

    @cached_property
    def responses(self) -> _Responses:
        return _Responses(self)
