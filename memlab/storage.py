"""Where a memlab session keeps its history: in memory, or in any SDK session store.

:class:`~memlab.trimming.TrimmingSession` and
:class:`~memlab.summarizing.SummarizingSession` keep history in memory by
default. Pass ``store=`` (an SDK ``SQLiteSession`` on a file, a
``RedisSession``, a ``SQLAlchemySession``...) and the same history lives in
that store instead, so it survives restarts and can be shared by workers.

The design, in four points:

* The store holds an **append-only log of operations**, never the history
  itself: ``add`` (items with ids), ``pop`` (an id), ``summary`` (the ids it
  replaces and the synthetic pair), ``max_turns`` (a new window). Nothing is
  rewritten in place; only ``clear_session`` deletes (it clears the store).
* Each logical write is **one row**: one ``add_items([envelope])`` call with a
  single envelope. A row is written whole or not at all by every store, so a
  crash or an error mid-write can never leave half a write behind.
* The history is a **deterministic fold** over the log, recomputed from the
  store before every operation, so several instances, workers or processes
  sharing the store all see the same history.
* Ops name the records they affect **by id**: a summary applies only if the
  prefix it was computed from is still the prefix, and a pop removes exactly the
  item it returned — an append from another worker never makes them misfire.

Why not store the trimmed window itself? Trimming and summarizing *rewrite*
history, and the SDK's ``Session`` protocol has no atomic "replace everything":
``clear_session`` followed by ``add_items`` loses the history if the process dies
in between. An append-only log needs no rewrite at all. Its costs: the log keeps
growing until ``clear_session`` (trimmed or summarized items stay on disk, out of
the model's view), and every operation re-reads it.

Each envelope is a dict whose ``type`` is ``"memlab_record"``. No Responses API
item has that type, so if the raw store is ever handed straight to a ``Runner``,
the API rejects the request loudly instead of quietly misreading the log.

What the log detects, and what it cannot:

* A row that is not a memlab envelope (an item written by plain SDK code, a
  hand-made row) raises :class:`CorruptStoreError`; nothing is guessed.
* ``SQLiteSession`` and ``RedisSession`` silently skip rows that are not valid
  JSON. For a ``SQLiteSession`` on a file, memlab reads the rows itself and
  raises on such a row. For other stores a skipped row is invisible here.
* Edited, deleted or replayed rows that are still valid envelopes are not
  detected. If that matters, put a :class:`memlab.integrity.IntegritySession`
  *under* the memlab session: the log is append-only, which is exactly what an
  HMAC chain needs (``TrimmingSession(..., store=IntegritySession(sqlite, key))``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import uuid
from collections.abc import Callable
from contextlib import closing
from typing import Any, Generic, TypeVar

from agents.memory import Session, SQLiteSession
from agents.memory.session_settings import coerce_session_settings

from .errors import MemlabError

__all__ = ["ENVELOPE_TYPE", "CorruptStoreError", "MemoryLog", "StoreLog", "check_store"]

ENVELOPE_TYPE = "memlab_record"
"""The ``type`` of every row memlab writes into a store; no API item has it."""

FORMAT_VERSION = 1

State = TypeVar("State")
Op = dict[str, Any]


class CorruptStoreError(MemlabError):
    """The store holds something memlab did not write, or cannot read.

    Raised instead of returning a history that might be missing items.
    """


def check_store(store: Any, session_id: str) -> Session:
    """Validate a ``store=`` argument and return it.

    Raises:
        TypeError: If ``store`` is not an SDK ``Session``.
        ValueError: If its ``session_id`` differs from ``session_id``, or it has a
            default ``session_settings.limit`` (the log must be read whole).
    """
    if not isinstance(store, Session):
        raise TypeError(f"store must be an SDK Session (such as SQLiteSession), not {type(store).__name__}")
    if store.session_id != session_id:
        raise ValueError(f"store.session_id {store.session_id!r} differs from session_id {session_id!r}")
    settings = getattr(store, "session_settings", None)
    if settings is not None and coerce_session_settings(settings).limit is not None:
        raise ValueError(
            "the store has a default session_settings.limit, so it cannot return its whole log; "
            "set the limit on the memlab session instead"
        )
    return store


class MemoryLog(Generic[State]):
    """The default backend: the folded state lives in this object.

    Each op is applied at once by the same ``apply`` function that folds a
    stored log, so the in-memory session and a stored one cannot drift apart.
    Operations cost what the policy costs, whatever the length of the history.

    Args:
        new_state: Makes an empty state.
        apply: Applies one op to a state, in place; returns whether it took effect.
    """

    def __init__(self, new_state: Callable[[], State], apply: Callable[[State, Op], bool]) -> None:
        self._new_state, self._apply = new_state, apply
        self._state = new_state()
        self._ids = itertools.count(1)  # never reset: an old id must not come back

    def new_id(self) -> Any:
        """A record id unique within this session."""
        return next(self._ids)

    async def load(self) -> State:
        """The current state (the live object: read it under the session's lock)."""
        return self._state

    async def append(self, op: Op) -> None:
        """Apply ``op``."""
        self._apply(self._state, op)

    async def clear(self) -> None:
        """Forget everything."""
        self._state = self._new_state()


class StoreLog(Generic[State]):
    """A log of ops kept in an SDK session store; the state is a fold over it.

    Args:
        store: Any SDK session; it holds one envelope per row.
        new_state: Makes an empty state.
        apply: Applies one op to a state, in place (ops that no longer fit, such
            as a summary of a prefix that changed, must be ignored).
    """

    def __init__(self, store: Session, new_state: Callable[[], State], apply: Callable[[State, Op], bool]) -> None:
        self.store = store
        self._new_state, self._apply = new_state, apply

    def new_id(self) -> str:
        """A record id unique across processes."""
        return uuid.uuid4().hex

    async def rows(self) -> list[Op]:
        """The stored ops, oldest first, each checked to be a memlab envelope.

        Raises:
            CorruptStoreError: For a row memlab did not write or cannot decode.
        """
        if _is_sqlite_file(self.store):
            rows = await asyncio.to_thread(_read_sqlite_rows, self.store)
        else:
            rows = list(await self.store.get_items())
        for position, row in enumerate(rows):
            _check_envelope(row, position, self.store.session_id)
        return rows

    async def load(self) -> State:
        """Read the whole log and fold it into a fresh state."""
        state = self._new_state()
        for op in await self.rows():
            self._apply(state, op)
        return state

    async def append(self, op: Op) -> None:
        """Write ``op`` as one row (one ``add_items`` call with one envelope)."""
        await self.store.add_items([{"type": ENVELOPE_TYPE, "v": FORMAT_VERSION, **op}])

    async def clear(self) -> None:
        """Clear the store."""
        await self.store.clear_session()


_OPS = {"add", "pop", "summary", "max_turns"}


def _check_envelope(row: Any, position: int, session_id: str) -> None:
    where = f"store of session {session_id!r}, row {position}"
    if not isinstance(row, dict) or row.get("type") != ENVELOPE_TYPE:
        kind = row.get("type", row.get("role")) if isinstance(row, dict) else type(row).__name__
        raise CorruptStoreError(
            f"{where} is not a memlab record (it looks like {kind!r}): the store holds items "
            "memlab did not write. Use a separate session id (or table) for memlab sessions."
        )
    if row.get("v") != FORMAT_VERSION or row.get("op") not in _OPS:
        raise CorruptStoreError(f"{where}: unknown memlab record version or op ({row.get('v')!r}, {row.get('op')!r})")


def _is_sqlite_file(store: Session) -> bool:
    return type(store) is SQLiteSession and str(store.db_path) != ":memory:"


def _read_sqlite_rows(store: SQLiteSession) -> list[Any]:
    """Read a file-backed ``SQLiteSession``'s rows, raising on the ones it would skip.

    ``SQLiteSession.get_items`` silently drops rows that are not valid JSON;
    for a log that would mean silently losing an operation.
    """
    with closing(sqlite3.connect(str(store.db_path))) as conn:
        cursor = conn.execute(
            f"SELECT id, message_data FROM {store.messages_table} WHERE session_id = ? ORDER BY id ASC",
            (store.session_id,),
        )
        rows = []
        for row_id, data in cursor.fetchall():
            try:
                rows.append(json.loads(data))
            except (TypeError, ValueError):
                raise CorruptStoreError(
                    f"store of session {store.session_id!r}: row id {row_id} of table "
                    f"{store.messages_table!r} is not valid JSON (SQLiteSession would skip it silently)"
                ) from None
        return rows
