"""Items: the JSON-clean dict copies every memlab session stores and hands out.

The runner hands a session items in two shapes: plain dicts (the SDK's
``TResponseInputItem``) and pydantic models from the ``openai`` package.
:func:`to_item` turns either into a dict that shares nothing with the caller's
object and that is proven storable and sendable: a JSON round trip, so NaN, a
lone surrogate or a set is refused when it is *added*, naming where it is,
instead of breaking a later request inside the openai client.

:func:`copy_items` is the other half: sessions copy on every read, so a caller
who edits what ``get_items`` returned never edits the stored history.

The builders at the end (:func:`user`, :func:`assistant`, :func:`call`,
:func:`output`, :func:`reasoning`) make small histories by hand, shaped as the
SDK stores them: for a notebook cell, an exercise's hidden case or a test.
"""

from __future__ import annotations

import json
import marshal
import math
from collections.abc import Iterable
from typing import Any

__all__ = [
    "Item",
    "assistant",
    "call",
    "check_text",
    "copy_items",
    "output",
    "reasoning",
    "to_item",
    "to_items",
    "typed_user",
    "user",
]

#: One item as memlab stores it: a JSON-clean dict.
Item = dict[str, Any]

# Made once: ``json.dumps`` with options builds a new encoder on every call, and
# this runs on every write. Without ``check_circular`` encoding costs half as
# much; a cycle then ends in a RecursionError, and :func:`_cycle` names it.
_ENCODE = json.JSONEncoder(allow_nan=False, ensure_ascii=False, check_circular=False).encode
_DECODE = json.JSONDecoder().decode


def to_item(item: Any) -> Item:
    """Return a JSON-clean dict copy of ``item``.

    Args:
        item: A dict (the SDK's ``TResponseInputItem``) or a pydantic model
            such as ``openai.types.responses.ResponseOutputMessage``.

    Returns:
        A new dict that shares nothing with ``item``: changing it never changes
        the caller's object, and vice versa.

    Raises:
        TypeError: If ``item`` is neither a dict nor a pydantic model, or holds
            a value of a type JSON has no form for (a set, an object...).
        ValueError: If it holds a value JSON or the API cannot carry: NaN or
            an infinity, a lone surrogate (text that is not valid Unicode, as
            ``errors="surrogateescape"`` makes), keys that become the same
            string in JSON (``1`` and ``"1"``), nesting too deep, or a cycle.
    """
    return _json_copy(_as_dict(item), "item")


def to_items(items: Iterable[Any]) -> list[Item]:
    """:func:`to_item` for a whole batch, as sessions receive them.

    When every item is a dict (the usual case) the batch makes one JSON round
    trip instead of one per item, which halves the cost of ``add_items``.

    Raises:
        TypeError, ValueError: As :func:`to_item`, naming the first bad item
            (``items[1]``) and where in it the bad value is.
    """
    batch = list(items)
    if all(isinstance(item, dict) for item in batch):
        return _json_copy(batch, "items")
    return [_json_copy(_as_dict(item), f"items[{i}]") for i, item in enumerate(batch)]


def check_text(text: str, what: str) -> str:
    """The check :func:`to_item` makes, for text memlab itself puts into an item.

    A summary, a shadow prompt or a fact appended to a summary becomes the
    content of a stored item, so it must pass the same test as an item a
    caller adds; otherwise it is stored fine and breaks every later request.

    Args:
        text: The text to check.
        what: What the text is, to name it in the error ("the summary").

    Returns:
        ``text`` itself.

    Raises:
        TypeError: If ``text`` is not a ``str``.
        ValueError: If it holds a lone surrogate (no request can carry it).
    """
    if not isinstance(text, str):
        raise TypeError(f"{what} must be text, not {type(text).__name__}")
    _json_copy(text, what)
    return text


def _as_dict(item: Any) -> dict[Any, Any]:
    """``item`` itself if it is a dict, else its pydantic ``model_dump``."""
    if isinstance(item, dict):
        return item
    model_dump = getattr(item, "model_dump", None)
    if callable(model_dump):
        # mode="json" still lets NaN and lone surrogates through: the caller checks.
        dumped = model_dump(mode="json", exclude_unset=True)
        if not isinstance(dumped, dict):
            raise TypeError(f"{type(item).__name__}.model_dump() did not return a dict")
        return dumped
    raise TypeError(
        f"session items must be dicts or SDK (pydantic) items, not {type(item).__name__}"
    )


def _json_copy(value: Any, where: str) -> Any:
    """A JSON round trip of ``value``: a deep copy, and proof that it can be stored and sent.

    The common case costs one ``dumps``, one ``loads`` and one comparison, all
    in C. Only when something is wrong (or the copy differs, see below) does
    :func:`_fault` walk the value in Python to say what, and where.
    """
    try:
        text = _ENCODE(value)
        if not text.isascii():  # (a constant-time test in CPython)
            text.encode()  # UTF-8, which every request is sent as, has no lone surrogates
        copy = _DECODE(text)
        # JSON turns tuples into lists and non-str keys into strings, so the
        # copy differs from the original; only then can two keys have collided.
        fault = None if copy == value else _fault(value, where)
    except (TypeError, ValueError, RecursionError) as exc:
        fault = _fault(value, where) or (_cycle(value, where) if isinstance(exc, RecursionError) else None)
        if fault is None:  # nothing to point at: nested too deeply
            reason = "it is nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            error = TypeError if isinstance(exc, TypeError) else ValueError
            fault = (error, f"{where} cannot be stored as JSON: {reason}")
    if fault is not None:
        error, message = fault
        raise error(message)
    return copy


def _fault(value: Any, where: str) -> tuple[type[Exception], str] | None:
    """The first thing in ``value`` that JSON or the API cannot carry: ``(error class, message)``.

    A type JSON has no form for is a ``TypeError``; a value it (or UTF-8)
    cannot carry is a ``ValueError``. The walk uses no recursion, so deep
    nesting cannot break it, and visits each container once, so a cycle ends it.
    """
    stack: list[tuple[Any, tuple[Any, ...] | None]] = [(value, None)]  # (node, its path as a linked list)
    seen: set[int] = set()
    while stack:
        node, path = stack.pop()
        if isinstance(node, str):
            if not node.isascii():
                try:
                    node.encode()
                except UnicodeEncodeError as exc:
                    return ValueError, (
                        f"{_path(where, path)} holds a lone surrogate ({node[exc.start]!r}): not valid Unicode, "
                        "so no request can carry it (bytes decoded with errors='surrogateescape' make such text)"
                    )
        elif isinstance(node, float):
            if not math.isfinite(node):
                return ValueError, f"{_path(where, path)} is {node!r}, which JSON cannot carry"
        elif isinstance(node, (dict, list, tuple)):
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, dict):
                odd = [key for key in node if not isinstance(key, (str, int, float, type(None)))]
                if odd:
                    return TypeError, f"{_path(where, path)} has a {type(odd[0]).__name__} key; JSON keys are strings"
                names = [key if isinstance(key, str) else json.dumps(key) for key in node]
                if len(set(names)) < len(names):
                    clash = [key for key, name in zip(node, names) if names.count(name) > 1]
                    return ValueError, f"{_path(where, path)} has keys that JSON makes the same string: {clash!r}"
                children = [(part, (key, path)) for key, child in node.items() for part in (key, child)]
            else:
                children = [(child, (i, path)) for i, child in enumerate(node)]
            stack += reversed(children)  # so the first fault in document order is found first
        elif not isinstance(node, (int, type(None))):  # (bool is an int)
            return TypeError, f"{_path(where, path)} is of type {type(node).__name__}, which JSON has no form for"
    return None


def _cycle(value: Any, where: str) -> tuple[type[Exception], str] | None:
    """The first container in ``value`` that contains itself, as ``(ValueError, message)``; else ``None``.

    A depth-first walk without recursion that keeps the containers it is
    inside of: meeting one of those again is a cycle (meeting a container seen
    elsewhere is only sharing, which JSON copes with).
    """
    inside: set[int] = set()
    stack: list[tuple[Any, tuple[Any, ...] | None, bool]] = [(value, None, False)]  # (node, path, leaving?)
    while stack:
        node, path, leaving = stack.pop()
        if leaving:
            inside.discard(id(node))
            continue
        if id(node) in inside:
            return ValueError, f"{_path(where, path)} is a circular reference (it contains itself), which JSON cannot carry"
        inside.add(id(node))
        stack.append((node, path, True))
        children = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in reversed(list(children)):
            if isinstance(child, (dict, list, tuple)):
                stack.append((child, (key, path), False))
    return None


def _path(where: str, path: tuple[Any, ...] | None) -> str:
    """``where`` followed by the keys of ``path``: ``item['content'][0]['text']``."""
    keys = []
    while path is not None:
        key, path = path
        keys.append(f"[{key!r}]")
    return where + "".join(reversed(keys))


def copy_items(items: Iterable[Item]) -> list[Item]:
    """Deep copies of JSON-clean item dicts.

    Items in a session hold only dicts, lists and scalars (see :func:`to_item`),
    exactly the types :mod:`marshal` (CPython's own serializer) writes and reads
    back, so a round trip through it is a deep copy, made in C. The bytes never
    leave the process, so marshal's version-specific format does not matter.
    """
    return marshal.loads(marshal.dumps(list(items)))


# ------------------------------------------------------------------ builders


def user(text: str) -> Item:
    """A user message in the easy form the runner saves a string input in (no ``type``)."""
    return {"role": "user", "content": text}


def typed_user(text: str) -> Item:
    """A user message in the typed form: ``type`` message, content as a list of parts."""
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


def assistant(text: str, item_id: str | None = None) -> Item:
    """An assistant message as a model returns it; ``item_id`` gives it the id a reply carries (``msg_...``)."""
    item: Item = {"type": "message", "role": "assistant", "status": "completed",
                  "content": [{"type": "output_text", "text": text, "annotations": []}]}
    return item if item_id is None else {"id": item_id, **item}


def call(call_id: str, name: str = "a_tool", arguments: str = "{}") -> Item:
    """A function call the model made; its output must carry the same ``call_id``."""
    return {"type": "function_call", "call_id": call_id, "name": name, "arguments": arguments}


def output(call_id: str, text: str = "done") -> Item:
    """The output of the function call with ``call_id``."""
    return {"type": "function_call_output", "call_id": call_id, "output": text}


def reasoning(item_id: str = "rs_1") -> Item:
    """A reasoning item (summary empty); the API wants it followed by the item it led to."""
    return {"type": "reasoning", "id": item_id, "summary": []}
