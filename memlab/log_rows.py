"""What a row of a memlab operation log must look like, checked before anything is folded.

:mod:`memlab.storage` writes each operation of a session as one row: an
*envelope* (``type``, format version ``v``, the ``policy`` that wrote it, the
row's own ``op_id``) around the op's fields. When it reads rows back, every one
is checked here against its op's schema before the fold sees it, so a row that
memlab did not write, one from another session class or one missing a field
becomes a clear :class:`~memlab.storage.CorruptStoreError`, never a
``KeyError`` deep inside a fold — and never a history quietly missing items.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ENVELOPE_TYPE", "FORMAT_VERSION", "POLICIES", "row_problem"]

ENVELOPE_TYPE = "memlab_record"
"""The ``type`` of every row memlab writes into a store; no API item has it."""

FORMAT_VERSION = 1
"""The envelope format every row carries as ``v``; the only one there has ever been."""


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


def row_problem(row: Any, policy: str) -> str | None:
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


#: The session classes whose logs memlab can read (each row names its writer).
POLICIES = frozenset(_SCHEMAS)
