"""Argument checks: one function per rule, shared by the sessions, the widgets and the evals.

A learner who passes ``max_turns=0`` or ``context_limit="4"`` should get the
same clear message wherever the value goes in. So each rule lives here once:

* a value of the wrong *type* raises ``TypeError``;
* a value of the right type but out of range raises ``ValueError``;
* both messages name the parameter.

Nothing here uses ``assert`` (``python -O`` removes asserts).
"""

from __future__ import annotations

import math
from typing import Any

from agents.memory.session_settings import SessionSettings, coerce_session_settings

__all__ = [
    "UNCHANGED",
    "check_int",
    "check_optional_int",
    "check_limit",
    "check_max_turns",
    "check_max_tokens",
    "check_summary_limits",
    "check_seconds",
    "check_settings",
    "Limit",
]


class _Unchanged:
    """The type of :data:`UNCHANGED`."""

    def __repr__(self) -> str:
        return "UNCHANGED"


#: The default of a ``set_limits`` parameter left out: keep the current value.
#: (``None`` cannot play this part: ``max_tokens=None`` means "no budget".)
UNCHANGED: Any = _Unchanged()


def check_int(name: str, value: Any, *, minimum: int) -> int:
    """Return ``value`` if it is an ``int`` (not a ``bool``) of at least ``minimum``.

    Raises:
        TypeError: Naming ``name``, when the value is not an integer.
        ValueError: Naming ``name``, when it is below ``minimum``.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def check_optional_int(name: str, value: Any, *, minimum: int) -> int | None:
    """:func:`check_int`, but ``None`` (meaning "no limit") is allowed too."""
    return None if value is None else check_int(name, value, minimum=minimum)


def check_limit(limit: Any) -> int | None:
    """The SDK's read ``limit``: ``None`` or any ``int`` (``<= 0`` means "no items").

    Raises:
        TypeError: For anything else (a ``bool`` included).
    """
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
    return limit


def check_max_turns(value: Any) -> int:
    """``max_turns``: how many user turns trimming keeps, an integer >= 1."""
    return check_int("max_turns", value, minimum=1)


def check_max_tokens(value: Any) -> int | None:
    """``max_tokens``: a token budget for history, an integer >= 1, or ``None`` for none."""
    return check_optional_int("max_tokens", value, minimum=1)


def check_summary_limits(context_limit: Any, keep_last_n_turns: Any, max_tokens: Any = None) -> tuple[int | None, int, int | None]:
    """A summarizing session's limits, checked together.

    ``context_limit`` >= 1 (or ``None`` for no turn limit, when ``max_tokens``
    is given), ``keep_last_n_turns`` from 0 to ``context_limit``, ``max_tokens``
    >= 1 or ``None``.

    Returns:
        ``(context_limit, keep_last_n_turns, max_tokens)``.
    """
    check_max_tokens(max_tokens)
    check_int("keep_last_n_turns", keep_last_n_turns, minimum=0)
    if context_limit is None:
        if max_tokens is None:
            raise ValueError("context_limit=None needs max_tokens: a summarizing session needs some limit")
        return None, keep_last_n_turns, max_tokens
    check_int("context_limit", context_limit, minimum=1)
    if keep_last_n_turns > context_limit:
        raise ValueError(f"keep_last_n_turns ({keep_last_n_turns}) must not exceed context_limit ({context_limit})")
    return context_limit, keep_last_n_turns, max_tokens


def check_seconds(name: str, value: Any) -> float | None:
    """A timeout: a positive, finite number of seconds, or ``None`` for no limit.

    Raises:
        TypeError: For a value that is not a number (a ``bool`` included).
        ValueError: For zero, a negative number, NaN or infinity.
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or None, got {value!r}")
    if not math.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive, finite number of seconds or None, got {value!r}")
    return float(value)


def check_settings(settings: Any) -> Any:
    """The SDK's ``session_settings``: ``None``, a ``SessionSettings``, or a dict of its fields.

    A dict is normalised to ``SessionSettings`` here, so an unknown key
    (``{"limitt": 1}``) fails at construction instead of at the first read,
    and the runner, which calls ``session_settings.resolve(...)``, gets the
    type it expects.

    Raises:
        TypeError: For anything else, or a dict with an unknown key (the SDK's own error).
    """
    if settings is None or isinstance(settings, SessionSettings):
        return settings
    if not isinstance(settings, dict):
        raise TypeError(f"session_settings must be a SessionSettings, a dict or None, not {type(settings).__name__}")
    checked = coerce_session_settings(settings)
    check_limit(checked.limit)
    return checked


class Limit:
    """A session's limit: read like an attribute, changed only with ``await session.set_limits(...)``.

    ``session.max_turns`` reads the value the session keeps in ``_max_turns``.
    Assigning to it is refused, naming the way to do it: a change must take the
    session's lock and go into its log, and both are ``async``, which an
    assignment cannot be.

    Args:
        doc: What the limit means (shown by ``help()`` and ``??``).
    """

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, session: Any, owner: type | None = None) -> Any:
        return self if session is None else getattr(session, f"_{self.name}")

    def __set__(self, session: Any, value: Any) -> None:
        raise AttributeError(f"{self.name} is read-only; change it with: await session.set_limits({self.name}=...)")
