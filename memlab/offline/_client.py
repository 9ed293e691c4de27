"""The offline client: a real ``openai`` client that skips one step it does not need.

Before it sends a request, ``client.responses.create(...)`` runs its body
through the ``openai`` package's *request transform*: a walk over every key and
item, guided by the parameter types, that renames aliased keys, formats dates
and files, turns pydantic models and iterators into JSON, and drops omitted
arguments. For the bodies the Agents SDK and memlab build, every value is
already plain JSON and the Responses parameter types declare no alias and no
format, so the walk returns what it was given, minus the omitted arguments.
It is still most of a replay's time: it visits every item of the history on
every call, tens of thousands of recursive calls for one long conversation.

The offline client's ``responses`` resource (:class:`OfflineResponses`) marks
its ``create`` and ``compact`` calls with a context variable. While that mark
is set, and only for a body that is plain JSON once omitted arguments are
dropped, the transform is skipped: the body is passed on as it is. Anything
else (a pydantic model, a tuple, a file, a date) still goes through the real
transform. A live client never sets the mark, so what live mode sends cannot
change; ``tests/test_offline_client.py`` runs the real transform over every body
a replay of each strategy sends and checks that it returns the body unchanged.
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

__all__ = ["OfflineAsyncOpenAI", "OfflineOpenAI", "OfflineResponses", "AsyncOfflineResponses", "plain_json_body"]

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
    """``data`` without its omitted arguments, if what remains is plain JSON; else ``None``.

    For such a body the ``openai`` request transform of the Responses API is
    the identity (after dropping omitted arguments, which it also does).

    Args:
        data: The dictionary a ``responses.create``/``compact`` call hands to the transform.

    Returns:
        The body to send, or ``None`` when the real transform must run.
    """
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
