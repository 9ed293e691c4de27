"""Tenant isolation: a session that checks *who is asking* before every access.

In a multi-tenant service the session id usually comes from a request, and a
bug (or a crafted request) can point tenant B's run at tenant A's
conversation. The session is the last place where that can be stopped before
A's history is read into B's prompt.

The SDK helps: if **all four** methods of a session accept a keyword parameter
literally named ``wrapper``, the runner passes the run's
``RunContextWrapper`` to each call (``**kwargs`` does not count). The session
can then read the context you gave ``Runner.run(..., context=...)``.

:class:`TenantGuardSession` uses that hook. The contract for the run context:

* it has an attribute ``tenant_id`` (a dataclass, a pydantic model...), or
* it is a mapping with the key ``"tenant_id"``.

Anything else — no context, no tenant, a different tenant — is refused with
:class:`TenantAccessError` *before* the wrapped session is touched, so nothing
is read and nothing is written. The guard fails closed.

Tenant ids are compared as plain ``str`` values. A ``str`` subclass can
redefine ``==`` (one whose ``__eq__`` always returns ``True`` would match every
tenant), so both ids are first turned into exact ``str`` objects with
``str.__str__``: what an id *says* counts, never how its class compares.

Direct calls (your own code calling ``await session.get_items()``, with no
``wrapper``) carry no tenant, so they are refused too unless the guard was
built with ``allow_direct=True``. Use that for trusted code paths such as an
admin tool or a notebook; keep it off in request handlers.

Put the guard *outermost*: the runner only passes ``wrapper`` to the session it
was given. ``TenantGuardSession(IntegritySession(SQLiteSession(...)), "acme")``
checks the tenant first, then the history's integrity.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from agents.memory import Session, SessionSettings

from ..errors import MemlabError

__all__ = ["TenantAccessError", "tenant_of", "accepts_wrapper", "TenantGuardSession"]


class TenantAccessError(MemlabError):
    """A run (or a direct call) tried to use a session of another tenant."""


def tenant_of(context: Any) -> str | None:
    """Return the tenant id a run context carries, or ``None`` if it carries none.

    Args:
        context: The object passed as ``Runner.run(..., context=...)``: anything
            with a ``tenant_id`` attribute, or a mapping with a ``"tenant_id"`` key.

    Returns:
        The id as an exact ``str`` (a ``str`` subclass, such as a ``StrEnum``
        member, gives its plain value), or ``None`` for an empty or non-text id.
    """
    if isinstance(context, Mapping):
        tenant = context.get("tenant_id")
    else:
        tenant = getattr(context, "tenant_id", None)
    return _plain(tenant) or None


def _plain(tenant: Any) -> str | None:
    """``tenant`` as an exact ``str``, whose ``==`` no subclass can redefine; ``None`` if not text."""
    return str.__str__(tenant) if isinstance(tenant, str) else None


def accepts_wrapper(method: Callable[..., Any]) -> bool:
    """True if ``method`` has a parameter named ``wrapper`` that can be passed by keyword.

    This is the test the SDK runner applies to each of a session's four methods.
    """
    try:
        parameters = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(
        p.name == "wrapper" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
        for p in parameters
    )


class TenantGuardSession:
    """Let only runs of one tenant use the wrapped session.

    Args:
        underlying_session: The session that holds this tenant's conversation.
        tenant_id: The tenant that owns it (kept as an exact ``str``).
        allow_direct: Allow calls made without a run context (no ``wrapper``).
            Off by default: such calls cannot prove which tenant they serve.

    Raises:
        TypeError: If ``underlying_session`` is not an SDK session, or ``tenant_id`` not a string.
        ValueError: If ``tenant_id`` is empty.
    """

    def __init__(self, underlying_session: Session, tenant_id: str, *, allow_direct: bool = False) -> None:
        if not isinstance(underlying_session, Session):
            raise TypeError(f"underlying_session must be an SDK Session, not {type(underlying_session).__name__}")
        plain = _plain(tenant_id)
        if plain is None:
            raise TypeError(f"tenant_id must be a string, not {type(tenant_id).__name__}")
        if not plain:
            raise ValueError("tenant_id must not be empty")
        self.underlying_session = underlying_session
        self.tenant_id = plain
        self.allow_direct = allow_direct
        self.session_id = underlying_session.session_id

    @property
    def session_settings(self) -> SessionSettings | None:
        """The wrapped session's settings (the runner reads its default ``limit``)."""
        return self.underlying_session.session_settings

    def _authorize(self, wrapper: Any, action: str) -> None:
        """Raise :class:`TenantAccessError` unless this call may touch the session."""
        if wrapper is None:
            if self.allow_direct:
                return
            raise TenantAccessError(
                f"{action} on session {self.session_id!r} without a run context: "
                "the caller's tenant is unknown (use allow_direct=True for trusted code)"
            )
        tenant = tenant_of(getattr(wrapper, "context", None))
        if tenant is None:
            raise TenantAccessError(
                f"{action} on session {self.session_id!r}: the run context carries no tenant_id"
            )
        if tenant != self.tenant_id:
            raise TenantAccessError(
                f"{action} on session {self.session_id!r}: it belongs to another tenant "
                f"than the run's ({tenant!r})"
            )

    async def _call(self, method: Callable[..., Any], *args: Any, wrapper: Any) -> Any:
        """Call the underlying method, handing on ``wrapper`` if it opts in too."""
        if wrapper is not None and accepts_wrapper(method):
            return await method(*args, wrapper=wrapper)
        return await method(*args)

    async def get_items(self, limit: int | None = None, *, wrapper: Any = None) -> list[Any]:
        """Return the underlying session's items, after the tenant check."""
        self._authorize(wrapper, "get_items")
        return await self._call(self.underlying_session.get_items, limit, wrapper=wrapper)

    async def add_items(self, items: list[Any], *, wrapper: Any = None) -> None:
        """Append to the underlying session, after the tenant check."""
        self._authorize(wrapper, "add_items")
        await self._call(self.underlying_session.add_items, items, wrapper=wrapper)

    async def pop_item(self, *, wrapper: Any = None) -> Any:
        """Pop from the underlying session, after the tenant check."""
        self._authorize(wrapper, "pop_item")
        return await self._call(self.underlying_session.pop_item, wrapper=wrapper)

    async def clear_session(self, *, wrapper: Any = None) -> None:
        """Clear the underlying session, after the tenant check."""
        self._authorize(wrapper, "clear_session")
        await self._call(self.underlying_session.clear_session, wrapper=wrapper)
