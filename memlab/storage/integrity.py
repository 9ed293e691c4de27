"""Tamper-evident history: an HMAC chain around any SDK session.

The SDK trusts its storage: an edited, deleted, reordered or pasted-in row of
the SQLite file (or Redis list) reaches the model as if it had really been
said. :class:`IntegritySession` wraps the session you already use and signs
every item with a key only your application holds::

    session = IntegritySession(SQLiteSession("conv", "chat.db"), key)

* Each item is stored in an envelope (``type`` :data:`SEALED_ITEM_TYPE`, not a
  valid API item, so a raw read handed to a model fails loudly) with its
  position ``seq`` and ``mac = HMAC-SHA256(key, {session_id, seq, previous mac, item})``.
* ``get_items()`` checks every MAC and returns the original items; any failure
  raises :class:`IntegrityError` instead of returning anything.
* A signed *head* (count and last MAC), in memory or in a
  :class:`~memlab.storage.heads.FileHeadStore`, catches the newest rows cut off;
  ``pop_item`` and ``clear_session`` move it with the chain.

Limits: whoever can write both the store and the head store can roll both back
to an earlier signed state; with the in-memory head a new session trusts the
first valid chain it reads; there is one writer per conversation (a forked
chain is refused); and the wrapped session must store items verbatim, so put
trimming, summarizing or compaction *outside* it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
from typing import Any

from agents.memory import Session, SessionSettings
from agents.memory.session_settings import coerce_session_settings, resolve_session_limit

from .log import SessionLock
from ..errors import IntegrityError, KeyMismatchError
from .heads import Head, HeadStore, same_mac, seal_heads, sign, unseal_heads
from ..items import to_item
from ..turns import apply_limit
from ..validate import check_limit

__all__ = ["SEALED_ITEM_TYPE", "IntegritySession"]

SEALED_ITEM_TYPE = "memlab_integrity_envelope"
"""The ``type`` of a stored envelope (a signed item); no Responses API item has this type.

(Not to be confused with :data:`memlab.storage.log.ENVELOPE_TYPE`, the type of an
operation-log row: an ``IntegritySession`` under a memlab session stores the
latter inside the former.)"""

logger = logging.getLogger(__name__)

_ITEM_KIND = "memlab.storage.integrity.item"
_KEY_ID_MESSAGE = b"memlab.storage.integrity.key-id"
_MIN_KEY_BYTES = 16


class IntegritySession:
    """Wrap any SDK session so that tampering with its storage is detected.

    Example::

        key = secrets.token_bytes(32)          # keep it outside the database
        session = IntegritySession(SQLiteSession("conv-1", "chat.db"), key)
        await Runner.run(agent, "Hello", session=session)

    Args:
        underlying_session: Any SDK session (``SQLiteSession``, ``RedisSession``,
            ``SQLAlchemySession``, memlab's sessions...). It stores envelopes;
            do not give it a default ``session_settings.limit``.
        key: The secret HMAC key, at least 16 bytes
            (``secrets.token_bytes(32)`` is a good choice).
        session_id: The identity the MACs are bound to. Defaults to
            ``underlying_session.session_id``; rows signed for another id do not verify.
        head_store: Where to keep the signed head so that truncation is caught
            across restarts. ``None`` keeps it in this object only. Use the
            store from the first write on: a store with no record for a
            non-empty history raises (that is what deleting the record looks like).
        session_settings: The SDK's settings; ``limit`` is the default for
            :meth:`get_items`.

    Raises:
        TypeError: If ``underlying_session`` is not a session or ``key`` is not bytes.
        ValueError: If ``key`` is shorter than 16 bytes or there is no session id.
    """

    def __init__(
        self,
        underlying_session: Session,
        key: bytes,
        *,
        session_id: str | None = None,
        head_store: HeadStore | None = None,
        session_settings: SessionSettings | dict[str, Any] | None = None,
    ) -> None:
        if not isinstance(underlying_session, Session):
            raise TypeError(f"underlying_session must be an SDK Session, not {type(underlying_session).__name__}")
        if not isinstance(key, (bytes, bytearray)):
            raise TypeError(
                f"key must be bytes (e.g. secrets.token_bytes(32)), not {type(key).__name__}"
            )
        if len(key) < _MIN_KEY_BYTES:
            raise ValueError(f"key must be at least {_MIN_KEY_BYTES} bytes, got {len(key)}")
        session_id = underlying_session.session_id if session_id is None else session_id
        if not isinstance(session_id, str) or not session_id:
            raise ValueError("session_id must be a non-empty string")
        self.underlying_session = underlying_session
        self.session_id = session_id
        self.session_settings = (
            coerce_session_settings(session_settings)
            if session_settings is not None
            else SessionSettings()
        )
        self._key = bytes(key)
        self._key_id = hmac.new(self._key, _KEY_ID_MESSAGE, hashlib.sha256).hexdigest()[:16]
        self._head_store = head_store
        # Heads we accept. Normally one; while a write is in flight, the heads
        # before and after it (the write may or may not have landed).
        self._heads: list[Head] | None = None
        self._lock = SessionLock()  # works when threads with their own event loops share this session

    # ------------------------------------------------------------------ MACs

    def _mac(self, seq: int, prev: str, item: dict[str, Any]) -> str:
        message = {"kind": _ITEM_KIND, "session_id": self.session_id, "seq": seq, "prev": prev, "item": item}
        return sign(self._key, message)

    # ------------------------------------------------------------- the head

    async def _load_heads(self) -> list[Head] | None:
        if self._head_store is None:
            return self._heads
        record = await asyncio.to_thread(self._head_store.load, self.session_id)
        return None if record is None else unseal_heads(self._key, self.session_id, record)

    async def _save_heads(self, heads: list[Head]) -> None:
        self._heads = heads
        if self._head_store is not None:
            await asyncio.to_thread(self._head_store.save, self.session_id, seal_heads(self._key, self.session_id, heads))

    async def _settle_heads(self, head: Head, after: str) -> None:
        """Narrow the saved heads to ``head``, the state now stored; a failure is logged, never raised.

        Before every change the session saves *both* heads, before and after
        (``[old, new]``), and that record verifies either stored state. So when
        the change has landed and only this last save fails (a full disk), the
        history is intact and still verifies; raising would make the caller retry
        a change that happened (a turn stored twice, a second item popped). A
        read narrows the record the same way, also best effort: until a save
        succeeds, the record accepts the state before the change too.
        """
        try:
            await self._save_heads([head])
        except Exception as exc:  # noqa: BLE001 — the record saved before covers what is stored
            logger.warning(
                "memlab: session %r: saving the signed head after %s failed (%s: %s); "
                "the head saved before still verifies the history",
                self.session_id, after, type(exc).__name__, exc,
            )

    # ------------------------------------------------------------ verifying

    async def _read_envelopes(self) -> list[Any]:
        settings = getattr(self.underlying_session, "session_settings", None)
        if settings is not None and coerce_session_settings(settings).limit is not None:
            raise ValueError(
                "the underlying session has a default session_settings.limit, so it cannot "
                "return the whole chain; set the limit on the IntegritySession instead"
            )
        try:
            return list(await self.underlying_session.get_items())
        except RecursionError:  # the underlying session's JSON decoder gave up on a row
            raise IntegrityError(
                f"session {self.session_id!r}: a stored row is nested too deeply to decode"
            ) from None

    def _check_chain(self, rows: list[Any]) -> None:
        """Raise unless ``rows`` is an unbroken chain signed with our key."""
        where = f"session {self.session_id!r}"
        for pos, env in enumerate(rows):
            if not (
                isinstance(env, dict)
                and env.get("type") == SEALED_ITEM_TYPE
                and type(env.get("seq")) is int
                and type(env.get("mac")) is str
                and type(env.get("kid")) is str
                and type(env.get("item")) is dict
            ):
                raise IntegrityError(
                    f"{where}, position {pos}: not a signed memlab envelope "
                    "(a row injected into storage, or written without IntegritySession)"
                )
        if rows and all(env["kid"] != self._key_id for env in rows):
            raise KeyMismatchError(
                f"{where}: the history was signed with a different key "
                f"(key id {rows[0]['kid']}, yours is {self._key_id})"
            )
        prev = ""
        for pos, env in enumerate(rows):
            if env["kid"] != self._key_id:
                raise IntegrityError(f"{where}, position {pos}: row signed with another key")
            seq = env["seq"]
            if seq > pos:
                raise IntegrityError(
                    f"{where}, position {pos} holds item #{seq}: "
                    f"{seq - pos} earlier item(s) are missing from here (deleted, or moved later)"
                )
            if seq < pos:
                raise IntegrityError(
                    f"{where}, position {pos} holds item #{seq}: items were reordered or duplicated"
                )
            try:
                expected = self._mac(seq, prev, env["item"])
            except (TypeError, ValueError, RecursionError):  # keys of mixed types, a lone surrogate, too deep
                raise IntegrityError(
                    f"{where}, position {pos}: the item is not JSON that memlab could have signed "
                    "(keys of mixed types, a lone surrogate, nesting too deep): it was changed outside memlab"
                ) from None
            if not same_mac(expected, env["mac"]):
                raise IntegrityError(
                    f"{where}, position {pos}: MAC mismatch — the item was edited, moved, "
                    "or copied from another session"
                )
            prev = env["mac"]

    def _check_head(self, rows: list[Any], heads: list[Head] | None) -> Head:
        """Compare the verified chain with the signed head; return the chain's head."""
        head: Head = (len(rows), rows[-1]["mac"] if rows else "")
        where = f"session {self.session_id!r}"
        if heads is None:
            if self._head_store is not None and rows:
                raise IntegrityError(
                    f"{where}: the head store has no record for a non-empty history "
                    "(the record was deleted, or the store is not the one used to write)"
                )
            return head  # trust on first use
        if head in heads:
            return head
        expected_count = heads[0][0]
        if len(rows) < expected_count:
            raise IntegrityError(
                f"{where}: history has {len(rows)} item(s) but {expected_count} were written — "
                "the newest items were deleted"
            )
        if len(rows) > expected_count:
            raise IntegrityError(
                f"{where}: history has {len(rows)} item(s) but {expected_count} were written — "
                "items were added outside this IntegritySession (replayed rows or another writer)"
            )
        raise IntegrityError(
            f"{where}: history was replaced by a different validly signed chain "
            "(rollback or replay of older rows)"
        )

    async def _verified_envelopes(self) -> list[dict[str, Any]]:
        """Read, verify and return the envelopes; collapse the head to what was read."""
        rows = await self._read_envelopes()
        self._check_chain(rows)
        heads = await self._load_heads()
        head = self._check_head(rows, heads)
        if heads != [head]:
            await self._settle_heads(head, "a verified read")
        return rows

    async def verify(self) -> int:
        """Check the whole stored history now.

        Returns:
            The number of verified items.

        Raises:
            IntegrityError: If anything was changed outside memlab.
        """
        async with self._lock:
            return len(await self._verified_envelopes())

    # -------------------------------------------------- the Session protocol

    async def get_items(self, limit: int | None = None) -> list[dict[str, Any]]:
        """Verify the whole chain, then return clean copies of the items.

        Args:
            limit: ``None`` uses ``session_settings.limit`` (``None`` there means
                all items); ``<= 0`` returns ``[]``; otherwise exactly the newest
                ``limit`` items, in order, as the SDK's own sessions return them.
                A cut can start with a tool output whose call it left out; the
                SDK prunes such orphans before it calls the model. The whole
                chain is verified either way.

        Raises:
            IntegrityError: If the stored history fails verification.
            TypeError: If ``limit`` is not an int or ``None``.
        """
        limit = resolve_session_limit(limit, self.session_settings)
        check_limit(limit)
        async with self._lock:
            rows = await self._verified_envelopes()
        # The SDK limit rule, exactly: the newest ``limit`` items, nothing repaired.
        return [to_item(item) for item in apply_limit([env["item"] for env in rows], limit)]

    async def add_items(self, items: list[Any]) -> None:
        """Verify the stored chain, then append ``items`` signed as its next links.

        Once the items are stored this does not raise: if only the last save of
        the signed head fails, that is logged (the head saved before the write
        covers the new state), so a caller never retries, and duplicates, a
        turn that was stored.

        Raises:
            IntegrityError: If the stored history already fails verification
                (nothing is written then).
            TypeError, ValueError: If an item cannot be stored as JSON (see
                :func:`memlab.items.to_item`); nothing is written then.
        """
        clean = [to_item(item) for item in items]
        if not clean:
            return
        async with self._lock:
            rows = await self._verified_envelopes()
            old: Head = (len(rows), rows[-1]["mac"] if rows else "")
            envelopes, prev = [], old[1]
            for seq, item in enumerate(clean, start=old[0]):
                mac = self._mac(seq, prev, item)
                envelopes.append(
                    {"type": SEALED_ITEM_TYPE, "seq": seq, "kid": self._key_id, "mac": mac, "item": item}
                )
                prev = mac
            new: Head = (old[0] + len(envelopes), prev)
            # Record both heads first: if the write fails half-way through the
            # round trip, the next read accepts whichever state really landed.
            await self._save_heads([old, new])
            await self.underlying_session.add_items(envelopes)
            await self._settle_heads(new, f"add_items (its {len(envelopes)} item(s) are stored)")

    async def pop_item(self) -> dict[str, Any] | None:
        """Remove and return the newest item (verified first), or ``None`` if empty.

        As with :meth:`add_items`, a failure of only the last head save, after
        the item was removed, is logged rather than raised.

        Raises:
            IntegrityError: If the stored history fails verification (nothing
                is removed then), or if the underlying session removed a different
                row than the verified newest one (a concurrent writer).
        """
        async with self._lock:
            rows = await self._verified_envelopes()
            if not rows:
                return None
            old: Head = (len(rows), rows[-1]["mac"])
            new: Head = (len(rows) - 1, rows[-2]["mac"] if len(rows) > 1 else "")
            await self._save_heads([old, new])
            popped = await self.underlying_session.pop_item()
            if popped != rows[-1]:
                raise IntegrityError(
                    f"session {self.session_id!r}: pop_item removed a row other than the "
                    "verified newest item (storage changed concurrently)"
                )
            await self._settle_heads(new, "pop_item (the item is removed)")
            return to_item(rows[-1]["item"])

    async def clear_session(self) -> None:
        """Delete every item; the empty history is the new signed head.

        Clearing does not verify first: it is the way out of a history that no
        longer verifies.
        """
        async with self._lock:
            empty: Head = (0, "")
            try:
                heads = await self._load_heads()
            except IntegrityError:
                heads = None  # a broken head record is cleared along with the history
            await self._save_heads([*(heads or []), empty])
            await self.underlying_session.clear_session()
            await self._settle_heads(empty, "clear_session (the history is cleared)")
