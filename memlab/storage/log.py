"""The plumbing under memlab's sessions: a log of operations, kept in memory or in any SDK store.

A learner reading :class:`~memlab.trimming.TrimmingSession` or
:class:`~memlab.summarizing.SummarizingSession` can skip this module: it holds
what the two share and what does not depend on the rule.

* **History is a fold over a log of operations.** A session never rewrites its
  history; it appends an *op* (``add``, ``pop``, ``summary``...) and its own
  ``apply(state, op)`` folds the op into the state. The policy's rule lives in
  that fold, in the session's class, so one function serves both backends.
* **In memory** (:class:`MemoryLog`, the default) each op is folded at once.
* **In a store** (:class:`StoreLog`, ``store=`` any SDK session: ``SQLiteSession``
  on a file, ``RedisSession``...) each op is one row, written whole or not at
  all; every read folds the rows again, so workers and processes sharing the
  store see the same history. Ops name records by id, so a summary or a pop
  written by one worker never misfires after another worker's append. Now and
  then a read appends a *snapshot* (the folded state), so a read costs what the
  window costs, not the whole log; a snapshot is only a cache.
* **Every row is checked** against its policy's op schema (the session class's
  ``OPS``) before it is folded; a row memlab did not write raises
  :class:`CorruptStoreError` instead of becoming a history with holes.
* :class:`SessionLock` guards every operation from any thread and any event loop.

What the log cannot see: rows edited, deleted or replayed while still valid.
For that, put a :class:`memlab.storage.integrity.IntegritySession` under the
session (``TrimmingSession(..., store=IntegritySession(sqlite, key))``).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import sqlite3
import threading
import uuid
import weakref
from collections.abc import Callable
from contextlib import closing
from typing import Any, ClassVar, Generic, TypeVar

from agents.memory import Session, SQLiteSession
from agents.memory.session_settings import SessionSettings, coerce_session_settings, resolve_session_limit

from ..errors import MemlabError
from ..items import Item, copy_items
from ..turns import apply_limit
from ..validate import check_settings

__all__ = [
    "ENVELOPE_TYPE",
    "FORMAT_VERSION",
    "RECORD",
    "CorruptStoreError",
    "LoggedSession",
    "MemoryLog",
    "SessionLock",
    "StoreLog",
    "check_store",
    "row_problem",
]

logger = logging.getLogger(__name__)

State = TypeVar("State")
Op = dict[str, Any]

#: The ``type`` of every row memlab writes into a store; no API item has it, so a
#: log handed straight to a ``Runner`` is refused by the API instead of misread.
ENVELOPE_TYPE = "memlab_record"
#: The envelope format every row carries as ``v``.
FORMAT_VERSION = 1


class CorruptStoreError(MemlabError):
    """The store holds something memlab did not write, or cannot read.

    Raised instead of returning a history that might be missing items.
    """


# ------------------------------------------------------------------ the lock


class SessionLock:
    """An ``async with`` lock that one session can share across threads and event loops.

    An ``asyncio.Lock`` belongs to one event loop, so a session used from two
    threads that each run a loop (a notebook kernel and a worker thread, a
    threaded web server) breaks with one. Here, waiters on one loop queue on that
    loop's own ``asyncio.Lock``, and the one that gets through takes a
    ``threading.Lock`` shared by all loops, polling it without blocking its loop.
    """

    def __init__(self) -> None:
        self._thread_lock = threading.Lock()
        self._guard = threading.Lock()  # protects _loop_locks
        self._loop_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = weakref.WeakKeyDictionary()
        self._held: asyncio.Lock | None = None
        self._last: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None

    def _loop_lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        last = self._last  # (loop, its lock): one tuple, read atomically
        if last is not None and last[0] is loop:
            return last[1]
        with self._guard:
            lock = self._loop_locks.get(loop)
            if lock is None:
                lock = self._loop_locks[loop] = asyncio.Lock()
        self._last = (loop, lock)
        return lock

    async def __aenter__(self) -> None:
        loop_lock = self._loop_lock()
        await loop_lock.acquire()
        try:
            delay = 0.0005
            while not self._thread_lock.acquire(blocking=False):
                await asyncio.sleep(delay)  # another thread holds it; a cancel here leaves it untouched
                delay = min(delay * 2, 0.02)
        except BaseException:
            loop_lock.release()
            raise
        self._held = loop_lock  # one holder at a time, so one slot is enough

    async def __aexit__(self, *exc_info: object) -> None:
        held, self._held = self._held, None
        self._thread_lock.release()
        held.release()


# ------------------------------------------------------------ checking a row

#: The shape of one stored record (an item with its id), as ``add`` and ``snapshot`` ops list them.
#: A shape (see :func:`row_problem`) is a JSON type, ``[shape]``, ``{field: shape}`` or ``(description, test)``.
RECORD = ("{id: str, item: object}", lambda r: type(r) is dict and type(r.get("id")) is str and type(r.get("item")) is dict)
#: In every row, besides the op's own fields: the session class that wrote it, and the row's id.
_ENVELOPE = {"policy": str, "op_id": str}
_ABSENT = object()


def _misfit(value: Any, shape: Any) -> str | None:
    """Where and how ``value`` does not have ``shape``, or ``None`` if it does.

    The answer starts with the path below ``value``: ``"[0].id: expected str, got list"``.
    The walk goes only as deep as the shape, never as deep as the value.
    """
    if isinstance(shape, dict):
        if type(value) is not dict:
            return f": expected object, got {type(value).__name__}"
        for name, inner in shape.items():
            field = value.get(name, _ABSENT)
            if field is _ABSENT:
                return f": {name!r} is missing"
            if type(inner) is type:  # (every read checks every row: the plain case without a call)
                if type(field) is not inner:
                    return f".{name}: expected {inner.__name__}, got {type(field).__name__}"
            elif fault := _misfit(field, inner):
                return f".{name}{fault}"
        return None
    if isinstance(shape, list):
        if type(value) is not list:
            return f": expected list, got {type(value).__name__}"
        inner = shape[0]  # a quick yes for the common cases first: a list of ids, a list of records
        if isinstance(inner, type) and {inner}.issuperset(map(type, value)):
            return None
        if isinstance(inner, tuple) and all(map(inner[1], value)):
            return None
        for i, element in enumerate(value):
            if fault := _misfit(element, inner):
                return f"[{i}]{fault}"
        return None
    if isinstance(shape, type):
        return None if type(value) is shape else f": expected {shape.__name__}, got {type(value).__name__}"
    description, test = shape
    return None if test(value) else f": expected {description}"


def _show(value: Any) -> str:
    """A short, safe rendering of a stored value for an error message (repr can recurse)."""
    if value is None or type(value) in (str, int, float, bool):
        text = repr(value)
        return text if len(text) <= 60 else text[:57] + "..."
    return f"a {type(value).__name__}"


def row_problem(row: Any, policy: str, ops: dict[str, dict[str, Any]]) -> str | None:
    """What is wrong with ``row`` as an op of a ``policy`` log, or ``None`` if its fold can read it.

    Args:
        row: One stored row.
        policy: The session class's policy name (``"trimming"``...).
        ops: That policy's op schemas: op name -> ``{field: shape}``.

    Returns:
        ``None``, or the end of a sentence that names the row: "row 3 ...".
    """
    if not isinstance(row, dict) or row.get("type") != ENVELOPE_TYPE:
        kind = _show(row.get("type", row.get("role"))) if isinstance(row, dict) else f"a {type(row).__name__}"
        return (
            f" is not a memlab record (it looks like {kind}): the store holds items "
            "memlab did not write. Use a separate session id (or table) for memlab sessions."
        )
    version, op, writer = row.get("v"), row.get("op"), row.get("policy")
    known_version = type(version) is int and version == FORMAT_VERSION  # (True == 1, but is not a version)
    if known_version and type(writer) is str and writer != policy:
        writer = writer if writer.isidentifier() and len(writer) <= 40 else _show(writer)
        return (
            f" was written by a {writer} session; a {policy} session cannot read its log. "
            "Give each memlab session class its own session id."
        )
    if not known_version or type(op) is not str or op not in ops:
        return f": unknown memlab record version or op ({_show(version)}, {_show(op)})"
    fault = _misfit(row, {**_ENVELOPE, **ops[op]})
    return None if fault is None else f": a malformed {op!r} record: {fault.lstrip('.: ')}"


# ------------------------------------------------------------------ the logs


class MemoryLog(Generic[State]):
    """The default backend: the folded state lives in this object, each op folded as it comes.

    Args:
        policy: The session class (its ``new_state`` and ``apply``).
    """

    def __init__(self, policy: type[LoggedSession[State]]) -> None:
        self._policy = policy
        self._state = policy.new_state()
        self._ids = itertools.count(1)  # never reset: an old id must not come back

    def new_id(self) -> Any:
        """A record id unique within this session."""
        return next(self._ids)

    async def load(self) -> State:
        """The current state (the live object: read it under the session's lock)."""
        return self._state

    async def append(self, op: Op) -> None:
        """Fold ``op`` into the state."""
        self._policy.apply(self._state, op)

    async def clear(self) -> None:
        """Forget everything."""
        self._state = self._policy.new_state()


class StoreLog(Generic[State]):
    """A log of ops kept in an SDK session store, one envelope per row; the state is a fold over it.

    Args:
        store: Any SDK session.
        policy: The session class that writes this log: its ``policy`` name
            (every row carries it, and a row of another policy raises
            :class:`CorruptStoreError` instead of being misread), its op
            schemas ``OPS``, and ``new_state``, ``apply`` and ``records`` (a
            state as snapshot records; folding ``{"op": "snapshot", "records":
            ...}`` into an empty state must rebuild it).
    """

    #: A read writes a snapshot once more than this many ops follow the newest
    #: one (and at least as many as the history has records).
    snapshot_every = 50
    #: Rows a read fetches beyond what the previous read needed; if the newest
    #: snapshot is further back, the read fetches four times as many and looks again.
    headroom = 16

    def __init__(self, store: Session, policy: type[LoggedSession[State]]) -> None:
        self.store = store
        self._policy = policy
        self._ops = {**policy.OPS, "snapshot": {"after": str, "records": [policy.RECORD]}}
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
            problem = row_problem(row, self._policy.policy, self._ops)
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
        state = self._policy.new_state()
        first = 0
        if start is not None:
            snapshot, first = start
            self._policy.apply(state, snapshot)
        ops = [op for op in rows[first:] if op["op"] != "snapshot"]
        for op in ops:
            self._policy.apply(state, op)
        self._want = max(1, len(rows) - max(first - 1, 0) + self.headroom)
        if len(ops) > self.snapshot_every and rows[-1]["op"] != "snapshot":
            await self._snapshot(state, ops, after=rows[-1]["op_id"])
        return state

    async def _snapshot(self, state: State, ops: list[Op], after: str) -> None:
        """Append a snapshot of ``state`` if enough ops were folded to pay for it.

        A snapshot is only a cache, so a store that fails to write it costs the
        next read some speed, never a failed read: the error is logged.
        """
        records = self._policy.records(state)
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
        envelope = {"type": ENVELOPE_TYPE, "v": FORMAT_VERSION, "policy": self._policy.policy,
                    "op_id": uuid.uuid4().hex, **op}
        await self.store.add_items([envelope])

    async def clear(self) -> None:
        """Clear the store."""
        await self.store.clear_session()


def _newest_snapshot(rows: list[Op]) -> tuple[Op, int] | None:
    """The newest snapshot in ``rows`` whose last op is also in ``rows``, and where to go on from.

    Returns ``(snapshot, index)``: fold the snapshot, then ``rows[index:]``
    (minus snapshots). That includes ops other workers wrote between the
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
    """A file-backed ``SQLiteSession``'s newest ``limit`` rows (all if ``None``), oldest first.

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


# --------------------------------------------------------------- the session


class LoggedSession(Generic[State]):
    """What memlab's sessions share, so that each session's own class shows only its rule.

    * the SDK's ``Session`` protocol attributes (``session_id``, ``session_settings``);
    * the history as a log of ops, in this object or in an SDK store (``store=``);
    * a :class:`SessionLock` around every operation;
    * ``pop_item``, ``clear_session`` and the SDK's ``limit`` rule.

    A subclass is a *policy*. It names itself (``policy``), declares the
    fields of each op it writes (``OPS``: op name -> ``{field: shape}``, see
    :func:`row_problem`), and says how an op changes its state (``apply``),
    how to make an empty state (``new_state``), how to list a state as records
    (``records``, for snapshots) and which item is the newest (``_newest``).
    """

    #: The policy's name, written into every stored row.
    policy: ClassVar[str]
    #: The fields of each op the policy writes (a ``snapshot`` op is added for it).
    OPS: ClassVar[dict[str, dict[str, Any]]]
    #: The shape of one record in a snapshot.
    RECORD: ClassVar[Any] = RECORD

    def __init__(
        self,
        session_id: str,
        *,
        store: Session | None,
        session_settings: SessionSettings | dict[str, Any] | None,
    ) -> None:
        self.session_id = session_id
        self.session_settings = check_settings(session_settings)
        self.store = None if store is None else check_store(store, session_id)
        cls = type(self)
        self._log: MemoryLog[State] | StoreLog[State] = MemoryLog(cls) if store is None else StoreLog(store, cls)
        self._lock = SessionLock()

    # -- what a policy defines
    @staticmethod
    def new_state() -> State:
        """An empty state."""
        raise NotImplementedError

    @staticmethod
    def apply(state: State, op: Op) -> bool:
        """Fold one op into ``state``, in place; return whether it took effect."""
        raise NotImplementedError

    @staticmethod
    def records(state: State) -> list[dict[str, Any]]:
        """``state`` as JSON-clean snapshot records."""
        raise NotImplementedError

    def _newest(self, state: State) -> tuple[Any, Item] | None:
        """``(record id, item)`` of the newest stored item, or ``None`` when there is none."""
        raise NotImplementedError

    # -- what every policy shares
    async def _load(self) -> State:
        """The stored state, folded from the log (call under the lock)."""
        return await self._log.load()

    async def _write(self, op: Op) -> None:
        """Append one op to the log (call under the lock); its fold applies the policy's rule."""
        await self._log.append(op)

    def _new_records(self, items: list[Item]) -> list[dict[str, Any]]:
        """``items`` as records with fresh ids, for an ``add`` op."""
        return [{"id": self._log.new_id(), "item": item} for item in items]

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
            await self._write({"op": "pop", "id": record_id})
            return copy_items([item])[0]

    async def clear_session(self) -> None:
        """Forget everything (with a ``store``, clear the store)."""
        async with self._lock:
            await self._log.clear()
