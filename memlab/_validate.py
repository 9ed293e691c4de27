"""Argument checks shared by memlab's sessions: clear errors, never ``assert``."""

from __future__ import annotations

from typing import Any

__all__ = ["check_int", "check_limit"]


def check_int(name: str, value: Any, *, minimum: int) -> int:
    """Return ``value`` if it is an ``int`` (not a ``bool``) of at least ``minimum``.

    Raises:
        ValueError: Naming ``name``, when the value is not such an integer.
            (memlab raises ValueError even for a wrong type, so a learner who
            passes ``3.5`` or ``"3"`` gets one predictable error to catch.)
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, got {value!r}")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def check_limit(limit: Any) -> None:
    """Raise ``TypeError`` unless ``limit`` is ``None`` or an ``int`` (not a ``bool``)."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
        raise TypeError(f"limit must be an int or None, not {type(limit).__name__}")
