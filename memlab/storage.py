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
  wrong type: every row read is checked against its op's schema (``_SCHEMAS``)
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
from agents.memory.session_settings import coerce_session_settings

from .errors import MemlabError

__all__ = ["ENVELOPE_TYPE", "CorruptStoreError", "MemoryLog", "StoreLog", "check_store"]

ENVELOPE_TYPE = "memlab_record"
"""The ``type`` of every row memlab writes into a store; no API item has it."""

FORMAT_VERSION = 1

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
        if policy not in _SCHEMAS:
            raise ValueError(f"policy must be one of {sorted(_SCHEMAS)}, not {policy!r}")
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
            problem = _row_problem(row, self.policy)
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


def _meta_fits(meta: Any) -> bool:
    """Whether ``meta`` is what a summarizing session keeps beside an item.

    That is a dict whose ``synthetic``, ``turn``, ``kind`` and ``summary_for_turns``
    keys, each optional, hold a bool, an int, a str and a ``[first, last]`` pair of ints.
    """
    if type(meta) is not dict:
        return False
    turns = meta.get("summary_for_turns", [0, 0])
    return (
        type(meta.get("synthetic", False)) is bool
        and type(meta.get("turn", 0)) is int
        and type(meta.get("kind", "")) is str
        and type(turns) is list
        and len(turns) == 2
        and type(turns[0]) is type(turns[1]) is int
    )


def _is_record(record: Any) -> bool:
    """Whether ``record`` is an item with its id, as ``add`` and ``snapshot`` ops list them."""
    return type(record) is dict and type(record.get("id")) is str and type(record.get("item")) is dict


def _is_summary_record(record: Any) -> bool:
    return _is_record(record) and _meta_fits(record.get("meta"))


# Records are most of what a read checks, so their shapes are plain test functions (one call each).
_RECORD = ("{id: str, item: object}", _is_record)
_SUMMARY_RECORD = (
    "{id: str, item: object, meta: {synthetic?: bool, turn?: int, kind?: str, summary_for_turns?: [int, int]}}",
    _is_summary_record,
)
_POSITIVE_INT = ("an int >= 1", lambda v: type(v) is int and v >= 1)
_BUDGET = ("an int >= 1 or null", lambda v: v is None or (type(v) is int and v >= 1))

#: In every row: the session class that wrote it, and the row's own id (see ``StoreLog.append``).
_ENVELOPE = {"policy": str, "op_id": str}
#: What each op of each policy holds: exactly the fields its fold function
#: (``apply_op`` in :mod:`memlab.trimming` and :mod:`memlab.summary_history`) reads.
#: A shape is a JSON type (the value must be exactly that type: ``True`` is
#: not an ``int`` here), ``[shape]`` (a list of such values), ``{field: shape}``
#: (a dict with at least these fields) or ``(description, test function)``.
_SCHEMAS: dict[str, dict[str, dict[str, Any]]] = {
    "trimming": {
        "add": {**_ENVELOPE, "items": [_RECORD], "max_turns": _POSITIVE_INT, "max_tokens": _BUDGET},
        "pop": {**_ENVELOPE, "id": str},
        "limits": {**_ENVELOPE, "max_turns": _POSITIVE_INT, "max_tokens": _BUDGET},
        "snapshot": {**_ENVELOPE, "after": str, "records": [_RECORD]},
    },
    "summarizing": {
        "add": {**_ENVELOPE, "items": [_RECORD]},
        "pop": {**_ENVELOPE, "id": str},
        "summary": {**_ENVELOPE, "replaces": [str], "records": [_SUMMARY_RECORD], "keep": int},
        "snapshot": {**_ENVELOPE, "after": str, "records": [_SUMMARY_RECORD]},
    },
}
_ABSENT = object()


def _misfit(value: Any, shape: Any) -> str | None:
    """Where and how ``value`` does not have ``shape`` (see ``_SCHEMAS``), or ``None`` if it does.

    The answer starts with the path below ``value``: ``"[0].id: expected str, got list"``.
    The walk goes only as deep as the shape, never as deep as the value, so
    deep nesting cannot break it. Every read checks every record it fetches,
    so the common case is kept cheap: a path is built only for a misfit, and
    a field of a plain type is checked without a call.
    """
    if isinstance(shape, dict):
        if type(value) is not dict:
            return f": expected object, got {type(value).__name__}"
        for name, inner in shape.items():
            field = value.get(name, _ABSENT)
            if field is _ABSENT:
                return f": {name!r} is missing"
            if type(inner) is type:
                if type(field) is not inner:
                    return f".{name}: expected {inner.__name__}, got {type(field).__name__}"
            elif fault := _misfit(field, inner):
                return f".{name}{fault}"
        return None
    if isinstance(shape, list):
        if type(value) is not list:
            return f": expected list, got {type(value).__name__}"
        inner = shape[0]  # first a quick yes for the common cases: a list of ids, a list of records
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


def _row_problem(row: Any, policy: str) -> str | None:
    """What is wrong with ``row`` as an op of a ``policy`` log, or ``None`` if its fold can read it.

    The answer completes a sentence that names the row: "row 3 ...".
    """
    if not isinstance(row, dict) or row.get("type") != ENVELOPE_TYPE:
        kind = _show(row.get("type", row.get("role"))) if isinstance(row, dict) else f"a {type(row).__name__}"
        return (
            f" is not a memlab record (it looks like {kind}): the store holds items "
            "memlab did not write. Use a separate session id (or table) for memlab sessions."
        )
    version, op, writer, ops = row.get("v"), row.get("op"), row.get("policy"), _SCHEMAS[policy]
    known_version = type(version) is int and version == FORMAT_VERSION  # (True == 1, but is not a version)
    if known_version and type(writer) is str and writer != policy:
        writer = writer if writer in _SCHEMAS else _show(writer)
        return (
            f" was written by a {writer} session; a {policy} session cannot read its log. "
            "Give each memlab session class its own session id."
        )
    if not known_version or type(op) is not str or op not in ops:
        return f": unknown memlab record version or op ({_show(version)}, {_show(op)})"
    fault = _misfit(row, ops[op])
    return None if fault is None else f": a malformed {op!r} record: {fault.lstrip('.: ')}"


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
