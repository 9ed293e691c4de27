"""Tenant isolation: each conversation belongs to one tenant, and only that tenant's runs reach it.

In a multi-tenant service the conversation id usually comes from the request,
and a bug or a crafted request can name another tenant's conversation. So a
conversation is bound to its owner by its id, and every access is checked:

* **The id names the owner.** A tenant's conversations are stored under ids
  ``"<tenant>:<conversation>"``, built with :func:`tenant_session_id` from the
  tenant the request was *authenticated* as and the conversation it names.
  Tenant ids cannot contain ``":"``, so the part before the first ``":"`` is
  the owner (:func:`owner_of`) and no two tenants' ids ever overlap.
* **The guard checks both.** ``TenantGuardSession(session, "acme")`` refuses,
  with :class:`TenantAccessError`, to wrap a session whose id is not acme's;
  and every run whose context names another tenant, or none, is refused
  *before* the wrapped session is touched: nothing read, nothing written.

So a request authenticated as globex that names acme's conversation either
gets an id of globex's own (``tenant_session_id("globex", "acme:customer-42")``
is ``"globex:acme:customer-42"``, a new, empty conversation) or, if a handler
passed the requested id through, a refusal. Acme's rows are never read.

The run's tenant comes from the SDK's hook: if **all four** methods of a
session accept a keyword parameter named ``wrapper``, the runner passes the
``RunContextWrapper``, and with it the ``context`` given to ``Runner.run``.
That context has an attribute ``tenant_id`` or is a mapping with the key
``"tenant_id"``. Ids are compared as exact ``str`` values (``str.__str__``),
so a ``str`` subclass cannot redefine ``==`` to match every tenant. Direct
calls carry no tenant and are refused unless ``allow_direct=True`` (an admin
tool, a notebook; never a request handler). Put the guard *outermost*: the
runner passes ``wrapper`` only to the session it was given.

What it does not hold: the tenant in the run context must come from
authentication, not from the request body (the guard trusts it); the guard
checks the id of the session it wraps, so the store must be keyed by that id
(memlab's sessions refuse a store with another id, and an ``IntegritySession``
binds its MACs to it, so rows copied under another tenant's id do not
verify); code that writes the store directly bypasses it (that is
``IntegritySession``'s job); and a backend whose ids you do not choose
(``OpenAIConversationsSession``) needs your own table of owners instead.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from agents.memory import Session, SessionSettings

from ..errors import MemlabError

__all__ = ["TenantAccessError", "tenant_of", "tenant_session_id", "owner_of", "accepts_wrapper", "TenantGuardSession"]

#: Between the tenant and the conversation in a session id: ``"acme:customer-42"``.
SEPARATOR = ":"


class TenantAccessError(MemlabError):
    """A run (or a direct call) tried to use a session of another tenant, or a guard was built over one."""


def tenant_session_id(tenant_id: str, conversation_id: str) -> str:
    """The session id of one tenant's conversation: ``"acme:customer-42"``.

    Build it from the tenant the request was authenticated as, never from an
    id the request sends whole: then another tenant's conversation cannot
    even be named (a request that names ``"acme:customer-42"`` as globex gets
    ``"globex:acme:customer-42"``, a conversation of its own).

    Args:
        tenant_id: The tenant (a non-empty string without ``":"``).
        conversation_id: The conversation, as the request names it (any non-empty string).

    Returns:
        ``f"{tenant_id}:{conversation_id}"``, whose owner :func:`owner_of` reads back.

    Raises:
        TypeError: If either id is not a string.
        ValueError: If either is empty, or ``tenant_id`` contains ``":"``.
    """
    tenant = _tenant_id(tenant_id)
    conversation = _plain(conversation_id)
    if conversation is None:
        raise TypeError(f"conversation_id must be a string, not {type(conversation_id).__name__}")
    if not conversation:
        raise ValueError("conversation_id must not be empty")
    return f"{tenant}{SEPARATOR}{conversation}"


def owner_of(session_id: Any) -> str | None:
    """The tenant that owns ``session_id`` (the part before the first ``":"``), or ``None`` if it names none."""
    plain = _plain(session_id)
    if plain is None or SEPARATOR not in plain:
        return None
    return plain.split(SEPARATOR, 1)[0] or None


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


def _tenant_id(tenant_id: Any) -> str:
    """``tenant_id`` as an exact ``str``, checked: a non-empty string without the separator."""
    plain = _plain(tenant_id)
    if plain is None:
        raise TypeError(f"tenant_id must be a string, not {type(tenant_id).__name__}")
    if not plain:
        raise ValueError("tenant_id must not be empty")
    if SEPARATOR in plain:
        raise ValueError(f"tenant_id must not contain {SEPARATOR!r} (it ends the tenant's part of a session id), got {plain!r}")
    return plain


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
    """Let only runs of one tenant use one of that tenant's conversations.

    Example::

        thread = SQLiteSession(tenant_session_id(tenant, conversation), "chat.db")
        session = TenantGuardSession(thread, tenant)   # tenant: who the request authenticated as
        await Runner.run(agent, text, session=session, context=request_context)

    Args:
        underlying_session: The session that holds the conversation; its
            ``session_id`` must be one of ``tenant_id``'s (:func:`tenant_session_id`).
        tenant_id: The tenant that owns it (kept as an exact ``str``).
        allow_direct: Allow calls made without a run context (no ``wrapper``).
            Off by default: such calls cannot prove which tenant they serve.

    Raises:
        TypeError: If ``underlying_session`` is not an SDK session, or ``tenant_id`` not a string.
        ValueError: If ``tenant_id`` is empty or contains ``":"``.
        TenantAccessError: If the session's id is not ``tenant_id``'s: another
            tenant's conversation, or an id not built with :func:`tenant_session_id`.
    """

    def __init__(self, underlying_session: Session, tenant_id: str, *, allow_direct: bool = False) -> None:
        if not isinstance(underlying_session, Session):
            raise TypeError(f"underlying_session must be an SDK Session, not {type(underlying_session).__name__}")
        plain = _tenant_id(tenant_id)
        session_id = underlying_session.session_id
        if owner_of(session_id) != plain:
            raise TenantAccessError(
                f"session {session_id!r} does not belong to tenant {plain!r}, whose conversations are stored under "
                f"ids that start with {plain + SEPARATOR!r}: build the id with tenant_session_id({plain!r}, conversation_id)"
            )
        self.underlying_session = underlying_session
        self.tenant_id = plain
        self.allow_direct = allow_direct
        self.session_id = session_id

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
