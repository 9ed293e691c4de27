"""The turn model: pure functions over lists of SDK items.

A *turn* is one real user message plus everything that follows it — reasoning,
tool calls, tool outputs, assistant messages — up to the next real user message.
Every memory policy in memlab cuts history only at turn boundaries, because a cut
anywhere else can leave an *orphan* that the Responses API rejects:

* a ``function_call_output`` whose ``function_call`` was cut away
  ("No tool call found for function call output ..."),
* a ``function_call`` whose output was cut away, followed by a later message
  ("No tool output found for function call ..."),
* a ``reasoning`` item whose following item was cut away.

Items come in two shapes: plain dicts (what sessions store and what the runner
hands them) and pydantic models from the ``openai`` package. :func:`to_item`
turns either into a JSON-clean dict copy, so the rest of the module only deals
with dicts.

Nothing here mutates its input, and nothing here knows about sessions: the
sessions, the widgets and the evals all call these same functions.
"""

from __future__ import annotations

import json
import marshal
import math
from collections.abc import Iterable, Sequence
from typing import Any

from .validate import check_limit

__all__ = [
    "TOOL_PAIRS",
    "to_item",
    "to_items",
    "item_type",
    "is_user_message",
    "turn_starts",
    "count_turns",
    "split_turns",
    "last_turns",
    "drop_orphans",
    "apply_limit",
    "item_text",
]

Item = dict[str, Any]

#: Every tool call the Responses API pairs with an output item, and that output's type.
TOOL_PAIRS: dict[str, str] = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "computer_call": "computer_call_output",
    "shell_call": "shell_call_output",
    "local_shell_call": "local_shell_call_output",
    "apply_patch_call": "apply_patch_call_output",
    "program": "program_output",
}
_CALL_TYPES = set(TOOL_PAIRS)
_OUTPUT_TYPES = set(TOOL_PAIRS.values())
#: The calls rendered as ``name(arguments)`` (the others render as JSON).
_NAMED_CALLS = {"function_call", "custom_tool_call"}


def _call_id(item: Item) -> Any:
    """The id that ties a tool call and its output together.

    Every pair shares ``call_id``. A ``local_shell_call_output`` may instead
    name its call's ``call_id`` in its own ``id`` field (the API's schema does;
    the SDK writes ``call_id``).
    """
    if item.get("type") == "local_shell_call_output":
        return item.get("call_id") or item.get("id")
    return item.get("call_id")


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


# Made once: ``json.dumps`` with options builds a new encoder on every call, and
# this runs on every write.
_ENCODE = json.JSONEncoder(allow_nan=False, ensure_ascii=False).encode
_DECODE = json.JSONDecoder().decode


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
        fault = _fault(value, where)
        if fault is None:  # nothing to point at: nested too deeply, or a cycle
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


def _path(where: str, path: tuple[Any, ...] | None) -> str:
    """``where`` followed by the keys of ``path``: ``item['content'][0]['text']``."""
    keys = []
    while path is not None:
        key, path = path
        keys.append(f"[{key!r}]")
    return where + "".join(reversed(keys))


def item_type(item: Item) -> str:
    """Return an item's kind: its ``type``, or ``"message"`` for the easy form.

    The SDK accepts ``{"role": "user", "content": "hi"}`` without a ``type``;
    such an item is a message.
    """
    kind = item.get("type")
    if kind is None and "role" in item:
        return "message"
    return str(kind)


def is_user_message(item: Item) -> bool:
    """True for a real user message: ``type`` message (or absent) and ``role`` user.

    Synthetic user messages that a session writes itself (such as the summary
    "shadow" prompt) are *not* real user messages; sessions keep that flag in
    their own metadata beside the item, so this function cannot see it — pass
    only non-synthetic items, or use the session's own helpers.
    """
    if item.get("role") != "user":  # checked first: most items are not user messages
        return False
    kind = item.get("type")
    return kind is None or kind == "message"


def turn_starts(items: Sequence[Item]) -> list[int]:
    """Indices of the items that open a turn (the real user messages)."""
    # The role test first is only a shortcut (every session read runs this):
    # most items are not from the user, and a dict lookup is cheaper than a call.
    return [i for i, item in enumerate(items) if item.get("role") == "user" and is_user_message(item)]


def count_turns(items: Sequence[Item]) -> int:
    """Number of turns in ``items``."""
    return sum(1 for item in items if is_user_message(item))


def split_turns(items: Sequence[Item]) -> tuple[list[Item], list[list[Item]]]:
    """Split ``items`` into a preamble and a list of turns.

    Returns:
        ``(preamble, turns)``: the items before the first user message (often
        empty), then one list per turn, each starting with its user message.
    """
    starts = turn_starts(items)
    if not starts:
        return list(items), []
    bounds = starts + [len(items)]
    turns = [list(items[a:b]) for a, b in zip(bounds, bounds[1:])]
    return list(items[: starts[0]]), turns


def last_turns(items: Sequence[Item], n: int) -> list[Item]:
    """The items of the newest ``n`` turns, in order.

    If ``items`` holds ``n`` turns or fewer, all of it is returned, including
    any items before the first user message (such a preamble is dropped only
    once there are more turns than requested). ``n <= 0`` returns ``[]``.
    """
    if n <= 0:
        return []
    starts = turn_starts(items)
    if len(starts) <= n:
        return list(items)
    return list(items[starts[-n] :])


def _program_owner(item: Item) -> Any:
    """The ``call_id`` of the ``program`` that issued ``item`` (its ``caller``), or ``None``."""
    caller = item.get("caller")
    return caller.get("caller_id") if isinstance(caller, dict) and caller.get("type") == "program" else None


def drop_orphans(items: Sequence[Item]) -> list[Item]:
    """Remove every item the Responses API would reject as an orphan.

    * a tool output whose call is not earlier in ``items``;
    * a tool call whose output is missing — even at the very end: the runner
      always sends history *followed by* new input, so an unanswered call
      (left behind by ``pop_item``, say) would sit before a later message;
    * an item issued by a ``program`` call that is itself dropped (it names
      the program in its ``caller``), and that item's output;
    * a reasoning item that is not directly followed by the output it
      produced (a tool call or an assistant message); when its tool call is
      dropped, the reasoning goes with it.

    memlab's sessions never call this on a read (a read returns what the
    policy keeps, and the SDK prunes before each model call); it is the tool
    for a ``session_input_callback`` or ``call_model_input_filter`` that cuts
    history its own way.

    Returns:
        A new list; the items themselves are the same objects.
    """
    # Only tool items and reasoning can be orphans, and those always carry a
    # ``type``; reading it directly keeps this scan cheap.
    kinds = [item.get("type") for item in items]
    outputs = {(kind, _call_id(item)) for item, kind in zip(items, kinds) if kind in _OUTPUT_TYPES}
    dead_programs = {
        _call_id(item) for item, kind in zip(items, kinds) if kind == "program" and ("program_output", _call_id(item)) not in outputs
    }
    calls_seen: set[tuple[str, Any]] = set()  # (output type expected, call id)
    kept: list[Item] = []
    for i, (item, kind) in enumerate(zip(items, kinds)):
        if kind is None or kind == "message":
            pass  # a message is never an orphan
        elif kind in _OUTPUT_TYPES:
            if (kind, _call_id(item)) not in calls_seen:
                continue
        elif kind in _CALL_TYPES:
            answer = (TOOL_PAIRS[kind], _call_id(item))
            if answer not in outputs or (dead_programs and _program_owner(item) in dead_programs):
                while kept and kept[-1].get("type") == "reasoning":
                    kept.pop()  # the reasoning that produced this call goes with it
                continue
            calls_seen.add(answer)
        elif kind == "reasoning":
            follower = items[i + 1] if i + 1 < len(items) else None
            if follower is None or is_user_message(follower) or item_type(follower) in (
                "reasoning",
                *_OUTPUT_TYPES,
            ):
                continue
        kept.append(item)
    return kept


def apply_limit(items: Sequence[Item], limit: int | None) -> list[Item]:
    """The SDK's ``limit`` rule, exactly: what ``get_items(limit)`` returns.

    ``None`` returns everything, ``limit <= 0`` returns ``[]``, otherwise the
    newest ``limit`` items in order — exactly that many when there are enough,
    even when the cut lands inside a turn. A session answers a limit exactly
    because the SDK counts on it (its rewind of a failed turn reads the tail
    by limit and pops what it read); the SDK itself prunes the orphans such a
    cut makes before it calls the model.

    Raises:
        TypeError: For a ``limit`` that is not an ``int`` or ``None``.
    """
    check_limit(limit)
    if limit is None:
        return list(items)
    if limit <= 0:
        return []
    return list(items[-limit:])


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict):
                text = part.get("text") or part.get("refusal") or part.get("transcript")
                parts.append(str(text) if text is not None else f"[{part.get('type', 'part')}]")
            else:
                parts.append(str(part))
        return " ".join(parts)
    return "" if content is None else str(content)


def item_text(item: Item) -> str:
    """A short human-readable rendering of one item, for transcripts and previews.

    Messages give their text (list-of-parts content is joined), function and
    custom tool calls give ``name(arguments)``, their outputs give the output,
    reasoning gives its summary text; any other item gives its JSON.
    """
    kind = item_type(item)
    if kind == "message":
        return _content_text(item.get("content"))
    if kind in _NAMED_CALLS:
        return f"{item.get('name', '?')}({item.get('arguments', item.get('input', ''))})"
    if kind in {TOOL_PAIRS[call] for call in _NAMED_CALLS}:
        return _content_text(item.get("output"))
    if kind == "reasoning":
        return _content_text(item.get("summary") or item.get("content"))
    return json.dumps({k: v for k, v in item.items() if k != "type"}, sort_keys=True)


def copy_items(items: Iterable[Item]) -> list[Item]:
    """Deep copies of JSON-clean item dicts, made in one C call.

    Items in a session are JSON-clean (see :func:`to_item`): only dicts, lists
    and scalars. :mod:`marshal` — CPython's own serializer, the one behind
    ``.pyc`` files — writes and reads back exactly those types, so a round trip
    through it is a deep copy (like ``copy.deepcopy``, an object that appears
    twice in the input is one object, twice, in the copy; session items never
    share objects, because :func:`to_items` made each one fresh), about 2.5x faster than a recursive copy in
    Python and about 6x faster than ``copy.deepcopy``. Sessions copy on every read,
    so this is the hottest line in memlab. (The bytes never leave the process,
    so marshal's version-specific format does not matter here.)
    """
    return marshal.loads(marshal.dumps(list(items)))
