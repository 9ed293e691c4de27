"""Where a memlab session keeps its history: in memory, or in any SDK session store.

:class:`~memlab.trimming.TrimmingSession` and
:class:`~memlab.summarizing.SummarizingSession` keep history in memory by
default. Pass ``store=`` (an SDK ``SQLiteSession`` on a file, a
``RedisSession``, a ``SQLAlchemySession``...) and the same history lives in
that store instead, so it survives restarts and can be shared by workers.

The design, in four points:

* The store holds an **append-only log of operations**, never the history
  itself: ``add`` (items with ids), ``pop`` (an id), ``summary`` (the ids it
  replaces and the synthetic pair), ``limits`` (a new window). Nothing is
  rewritten in place; only ``clear_session`` deletes (it clears the store).
* Each logical write is **one row**: one ``add_items([envelope])`` call with a
  single envelope. A row is written whole or not at all by every store, so a
  crash or an error mid-write can never leave half a write behind.
* The history is a **deterministic fold** over the log, recomputed from the
  store before every operation, so several instances, workers or processes
  sharing the store all see the same history (with an ``IntegritySession``
  underneath, see below, there is one writer). So that this costs what the
  window costs, not what the whole log costs, a read now and then appends a
  **snapshot**: the folded history plus the id of the last op it includes.
  A read fetches only the newest rows (``get_items(limit=...)``), starts from
  the newest snapshot among them and folds the ops after it. A snapshot is a
  cache, never a source of truth: folding the whole log (which skips
  snapshots) gives the same history.
* Ops name the records they affect **by id**: a summary applies only if the
  prefix it was computed from is still the prefix, and a pop removes exactly the
  item it returned — an append from another worker never makes them misfire.

Why not store the trimmed window itself? Trimming and summarizing *rewrite*
history, and the SDK's ``Session`` protocol has no atomic "replace everything":
``clear_session`` followed by ``add_items`` loses the history if the process dies
in between. An append-only log needs no rewrite at all. Its cost: the log keeps
growing until ``clear_session`` (trimmed or summarized items and old snapshots
stay on disk, out of the model's view); snapshots are written only after as
many ops as the history has records, so they at most double that growth.

Each envelope is a dict whose ``type`` is ``"memlab_record"``. No Responses API
item has that type, so if the raw store is ever handed straight to a ``Runner``,
the API rejects the request loudly instead of quietly misreading the log.

What the log detects, and what it cannot:

* A row that is not a memlab envelope (an item written by plain SDK code, a
  hand-made row) raises :class:`CorruptStoreError`; nothing is guessed. So
  does an envelope whose op lacks a field the fold reads, or holds one of the
  wrong type: every row read is checked against its op's schema (:mod:`memlab.log_rows`)
  before anything is folded. Items themselves are only checked to be objects.
* ``SQLiteSession`` and ``RedisSession`` silently skip rows that are not valid
  JSON. For a ``SQLiteSession`` on a file, memlab reads the rows itself and
  raises on such a row. For other stores a skipped row is invisible here.
* Edited, deleted or replayed rows that are still valid envelopes are not
  detected. If that matters, put a :class:`memlab.integrity.IntegritySession`
  *under* the memlab session: the log is append-only, which is exactly what an
  HMAC chain needs (``TrimmingSession(..., store=IntegritySession(sqlite, key))``).
  Two costs come with it: the chain has one writer (a second process with its
  own ``IntegritySession`` on the same file is refused as tampering), and every
  read verifies the whole chain, so reads cost the whole log again, snapshots
  or not.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sqlite3
import uuid
from collections.abc import Callable
from contextlib import closing
from typing import Any, Generic, TypeVar

from agents.memory import Session, SQLiteSession
from agents.memory.session_settings import SessionSettings, coerce_session_settings, resolve_session_limit

from ._sync import SessionLock
from .errors import MemlabError
from .items import Item, copy_items
from .log_rows import ENVELOPE_TYPE, FORMAT_VERSION, POLICIES, row_problem
from .turns import apply_limit
from .validate import check_settings

__all__ = ["CorruptStoreError", "LoggedSession", "MemoryLog", "StoreLog", "check_store"]

logger = logging.getLogger(__name__)

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
        records: Lists a state's records as JSON-clean dicts, for a snapshot
            op; ``apply`` given that op (``"op": "snapshot"``) on an empty
            state must rebuild the state.
        policy: Names the session class that writes this log (``"trimming"``
            or ``"summarizing"``) and so the ops its rows may hold; every row
            carries it, and a row written by another policy raises
            :class:`CorruptStoreError` instead of being misread.

    Raises:
        ValueError: If ``policy`` is not one of those names.
    """

    #: A read writes a snapshot once more than this many ops follow the newest
    #: one (and at least as many as the history has records).
    snapshot_every = 50
    #: Rows a read fetches beyond what the previous read needed (room for
    #: what was written since); if the newest snapshot is further back, the
    #: read fetches four times as many rows and looks again.
    headroom = 16

    def __init__(
        self,
        store: Session,
        new_state: Callable[[], State],
        apply: Callable[[State, Op], bool],
        records: Callable[[State], list[dict[str, Any]]],
        policy: str,
    ) -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {sorted(POLICIES)}, not {policy!r}")
        self.store = store
        self.policy = policy
        self._new_state, self._apply, self._records = new_state, apply, records
        self._want = max(1, self.snapshot_every + self.headroom)  # rows the next read fetches
        self._policy_checked = False

    def new_id(self) -> str:
        """A record id unique across processes."""
        return uuid.uuid4().hex

    async def rows(self, limit: int | None = None) -> list[Op]:
        """The newest ``limit`` stored ops (all if ``None``), oldest first, each checked.

        Raises:
            CorruptStoreError: For a row memlab did not write, cannot decode,
                or whose op its fold cannot read.
        """
        if _is_sqlite_file(self.store):
            rows = await asyncio.to_thread(_read_sqlite_rows, self.store, limit)
        else:
            try:
                rows = list(await self.store.get_items(limit))
            except RecursionError:  # the store's own JSON decoder gave up
                raise CorruptStoreError(
                    f"store of session {self.store.session_id!r}: a row is nested too deeply to decode"
                ) from None
        for position, row in enumerate(rows):
            problem = row_problem(row, self.policy)
            if problem is not None:
                of = f" of the newest {len(rows)}" if limit is not None and len(rows) == limit else ""
                raise CorruptStoreError(f"store of session {self.store.session_id!r}, row {position}{of}{problem}")
        return rows

    async def load(self) -> State:
        """Fold the newest snapshot and the ops after it (or the whole log) into a fresh state."""
        while True:
            rows = await self.rows(self._want)
            whole_log = len(rows) < self._want
            start = _newest_snapshot(rows)
            if start is not None or whole_log:
                break
            self._want *= 4  # the newest snapshot lies further back: read more
        self._policy_checked = True  # every row read was checked
        state = self._new_state()
        first = 0
        if start is not None:
            snapshot, first = start
            self._apply(state, snapshot)
        ops = [op for op in rows[first:] if op["op"] != "snapshot"]
        for op in ops:
            self._apply(state, op)
        self._want = max(1, len(rows) - max(first - 1, 0) + self.headroom)
        if len(ops) > self.snapshot_every and rows[-1]["op"] != "snapshot":
            await self._snapshot(state, ops, after=rows[-1]["op_id"])
        return state

    async def _snapshot(self, state: State, ops: list[Op], after: str) -> None:
        """Append a snapshot of ``state`` if enough ops were folded to pay for it.

        A snapshot is only a cache, so a store that fails to write it costs the
        next read some speed, never a failed read: the error is logged.
        """
        records = self._records(state)
        if len(ops) <= len(records):
            return  # a big history is snapshotted less often: the log at most doubles
        try:
            await self.append({"op": "snapshot", "after": after, "records": records})
        except Exception as exc:  # noqa: BLE001  (any store error: the read goes on)
            logger.warning("memlab: could not write a snapshot to %r: %s", self.store.session_id, exc)
            return
        self._want = max(1, 2 + self.headroom)  # the snapshot and its last op, then what comes next

    async def append(self, op: Op) -> None:
        """Write ``op`` as one row (one ``add_items`` call with one envelope).

        Raises:
            CorruptStoreError: Before the first write, if the store's newest row
                belongs to another policy (so nothing is written into its log).
        """
        if not self._policy_checked:
            await self.rows(1)  # checks the newest row, policy included
            self._policy_checked = True
        envelope = {"type": ENVELOPE_TYPE, "v": FORMAT_VERSION, "policy": self.policy, "op_id": uuid.uuid4().hex, **op}
        await self.store.add_items([envelope])

    async def clear(self) -> None:
        """Clear the store."""
        await self.store.clear_session()


def _newest_snapshot(rows: list[Op]) -> tuple[Op, int] | None:
    """The newest snapshot in ``rows`` whose last op is also in ``rows``, and where to go on from.

    Returns ``(snapshot, index)``: fold the snapshot, then ``rows[index:]``
    (minus snapshots). That includes ops written by other workers between the
    snapshot's last op and the snapshot row itself, so a snapshot is exact
    however writers interleave. ``None`` if no usable snapshot is in ``rows``.
    """
    positions = {row["op_id"]: i for i, row in enumerate(rows)}
    for row in reversed(rows):
        if row["op"] == "snapshot" and row["after"] in positions:
            return row, positions[row["after"]] + 1
    return None


def _is_sqlite_file(store: Session) -> bool:
    return type(store) is SQLiteSession and str(store.db_path) != ":memory:"


def _read_sqlite_rows(store: SQLiteSession, limit: int | None = None) -> list[Any]:
    """Read a file-backed ``SQLiteSession``'s newest ``limit`` rows (all if ``None``), oldest first.

    Raises on rows ``SQLiteSession.get_items`` would silently drop (not valid
    JSON): for a log that would mean silently losing an operation.
    """
    with closing(sqlite3.connect(str(store.db_path))) as conn:
        cursor = conn.execute(
            f"SELECT id, message_data FROM {store.messages_table} WHERE session_id = ? "
            "ORDER BY id DESC LIMIT ?",
            (store.session_id, -1 if limit is None else limit),
        )
        rows = []
        for row_id, data in reversed(cursor.fetchall()):
            try:
                rows.append(json.loads(data))
            except (TypeError, ValueError, RecursionError) as exc:
                problem = "is nested too deeply to decode" if isinstance(exc, RecursionError) else "is not valid JSON"
                raise CorruptStoreError(
                    f"store of session {store.session_id!r}: row id {row_id} of table "
                    f"{store.messages_table!r} {problem} (SQLiteSession would skip it silently)"
                ) from None
        return rows


class LoggedSession(Generic[State]):
    """The plumbing memlab's sessions share, so that each session's own class shows only its rule.

    :class:`~memlab.trimming.TrimmingSession` and
    :class:`~memlab.summarizing.SummarizingSession` differ in one thing: what
    they keep. Everything else is the same and lives here, where a reader of
    the rule can skip it:

    * the SDK's ``Session`` protocol attributes (``session_id``, ``session_settings``);
    * the history, kept as a log of operations folded into a *state*, in this
      object or in an SDK store (``store=``, see the module docstring);
    * a lock around every operation that works from any thread and any event
      loop (:class:`memlab._sync.SessionLock`);
    * ``pop_item``, ``clear_session`` and the SDK's ``limit`` rule, which do
      not depend on the policy.

    A subclass passes how its log folds (``new_state``, ``apply``,
    ``records``, ``policy``: see :class:`StoreLog`) and says which item is the
    newest (:meth:`_newest`).
    """

    def __init__(
        self,
        session_id: str,
        *,
        store: Session | None,
        session_settings: SessionSettings | dict[str, Any] | None,
        policy: str,
        new_state: Callable[[], State],
        apply: Callable[[State, Op], bool],
        records: Callable[[State], list[dict[str, Any]]],
    ) -> None:
        self.session_id = session_id
        self.session_settings = check_settings(session_settings)
        self.store = None if store is None else check_store(store, session_id)
        self._log: MemoryLog[State] | StoreLog[State] = (
            MemoryLog(new_state, apply) if store is None else StoreLog(store, new_state, apply, records, policy)
        )
        self._lock = SessionLock()

    async def _load(self) -> State:
        """The stored state, folded from the log (call under the lock)."""
        return await self._log.load()

    def _newest(self, state: State) -> tuple[Any, Item] | None:
        """``(record id, item)`` of the newest stored item, or ``None`` when there is none."""
        raise NotImplementedError

    def _limited(self, view: list[Item], limit: int | None) -> list[Item]:
        """Copies of ``view`` cut to the SDK's ``limit`` (``None``: ``session_settings.limit``)."""
        return copy_items(apply_limit(view, resolve_session_limit(limit, self.session_settings)))

    async def pop_item(self) -> Item | None:
        """Remove and return the newest stored item, or ``None`` when there is none."""
        async with self._lock:
            newest = self._newest(await self._load())
            if newest is None:
                return None
            record_id, item = newest
            await self._log.append({"op": "pop", "id": record_id})
            return copy_items([item])[0]

    async def clear_session(self) -> None:
        """Forget everything (with a ``store``, clear the store)."""
        async with self._lock:
            await self._log.clear()
