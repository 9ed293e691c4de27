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
hands them) and pydantic models from the ``openai`` package. Sessions turn
either into a JSON-clean dict copy (:func:`memlab.items.to_item`) before they
store it, so this module only deals with dicts.

Nothing here mutates its input, and nothing here knows about sessions: the
sessions, the widgets and the evals all call these same functions.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .items import Item
from .validate import check_limit

__all__ = [
    "NAMED_CALLS",
    "NAMED_OUTPUTS",
    "TOOL_PAIRS",
    "item_type",
    "pair_key",
    "is_user_message",
    "turn_starts",
    "count_turns",
    "split_turns",
    "drop_orphans",
    "apply_limit",
    "content_texts",
    "item_text",
    "model_texts",
]

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
#: The tool calls that carry a ``name`` and arguments (rendered as ``name(arguments)``; other calls as JSON).
NAMED_CALLS: tuple[str, ...] = ("function_call", "custom_tool_call")
#: The outputs of :data:`NAMED_CALLS`, which carry their text in ``output``.
NAMED_OUTPUTS: tuple[str, ...] = tuple(TOOL_PAIRS[call] for call in NAMED_CALLS)


def _call_id(item: Item) -> Any:
    """The id that ties a tool call and its output together.

    Every pair shares ``call_id``. A ``local_shell_call_output`` may instead
    name its call's ``call_id`` in its own ``id`` field (the API's schema does;
    the SDK writes ``call_id``).
    """
    if item.get("type") == "local_shell_call_output":
        return item.get("call_id") or item.get("id")
    return item.get("call_id")


def pair_key(item: Item) -> tuple[str, tuple[str, Any]] | None:
    """Where ``item`` stands in a tool pair: ``("call" | "output", key)``, or ``None`` for any other item.

    A call and its output share one key, ``(output type, call id)``, for all
    the pairs of :data:`TOOL_PAIRS`. This is the one rule memlab pairs by:
    :func:`drop_orphans` uses it, and so do the offline API's request checks.
    """
    kind = item.get("type")
    if kind in _CALL_TYPES:
        return "call", (TOOL_PAIRS[kind], _call_id(item))
    if kind in _OUTPUT_TYPES:
        return "output", (kind, _call_id(item))
    return None


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


def turn_starts(items: Sequence[Item], *, skip: int = 0) -> list[int]:
    """Indices of the items that open a turn (the real user messages).

    Args:
        items: The history, oldest first.
        skip: How many leading items are memlab's synthetic summary pair (or
            anything else that opens no turn); none of them is counted.
    """
    # (the role test first only saves a call: most items are not from the user)
    return [i for i in range(skip, len(items)) if items[i].get("role") == "user" and is_user_message(items[i])]


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
    pairs = [pair_key(item) if kind in _CALL_TYPES or kind in _OUTPUT_TYPES else None for item, kind in zip(items, kinds)]
    outputs = {pair[1] for pair in pairs if pair is not None and pair[0] == "output"}
    dead_programs = {
        _call_id(item) for item, kind in zip(items, kinds) if kind == "program" and ("program_output", _call_id(item)) not in outputs
    }
    calls_seen: set[tuple[str, Any]] = set()  # (output type expected, call id)
    kept: list[Item] = []
    for i, (item, kind, pair) in enumerate(zip(items, kinds, pairs)):
        if pair is not None and pair[0] == "output":
            if pair[1] not in calls_seen:
                continue
        elif pair is not None:
            if pair[1] not in outputs or (dead_programs and _program_owner(item) in dead_programs):
                while kept and kept[-1].get("type") == "reasoning":
                    kept.pop()  # the reasoning that produced this call goes with it
                continue
            calls_seen.add(pair[1])
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


def content_texts(content: Any, *, other: Callable[[Mapping[str, Any]], str]) -> list[str]:
    """The texts in a message's ``content`` (or a tool output): a string, or a list of parts.

    A part gives its ``text`` (or ``refusal``, or an audio ``transcript``); a
    part with none of these (an image, a file) gives ``other(part)``.
    """
    if content is None:
        return []
    if isinstance(content, str):
        return [content]
    texts = []
    for part in content if isinstance(content, list) else [content]:
        if isinstance(part, Mapping):
            text = next((part[key] for key in ("text", "refusal", "transcript") if isinstance(part.get(key), str)), None)
            texts.append(text if text is not None else other(part))
        else:
            texts.append(str(part))
    return texts


def _placeholder(part: Mapping[str, Any]) -> str:
    return f"[{part.get('type', 'part')}]"


def item_text(item: Item) -> str:
    """A short human-readable rendering of one item, for transcripts and previews.

    Messages give their text (list-of-parts content is joined; an image part
    shows as ``[input_image]``), function and custom tool calls give
    ``name(arguments)``, their outputs give the output, reasoning gives its
    summary text; any other item gives its JSON.
    """
    kind = item_type(item)
    if kind == "message":
        return " ".join(content_texts(item.get("content"), other=_placeholder))
    if kind in NAMED_CALLS:
        return f"{item.get('name', '?')}({item.get('arguments', item.get('input', ''))})"
    if kind in NAMED_OUTPUTS:
        return " ".join(content_texts(item.get("output"), other=_placeholder))
    if kind == "reasoning":
        return " ".join(content_texts(item.get("summary") or item.get("content"), other=_placeholder))
    return json.dumps({k: v for k, v in item.items() if k != "type"}, sort_keys=True)


def model_texts(item: Mapping[str, Any]) -> list[str]:
    """The strings of one item that the model reads (what :mod:`memlab.tokens` counts).

    Unlike :func:`item_text` this keeps what a reader skips: a message's
    role, a reasoning item's encrypted content, an image part's JSON (its
    reference, not its pixels), and any other item's full JSON.
    """
    kind = item_type(item)
    as_json = functools.partial(json.dumps, sort_keys=True, default=str)
    if kind == "message":
        return [str(item.get("role", "")), *content_texts(item.get("content"), other=as_json)]
    if kind in NAMED_CALLS:
        return [str(item.get("name", "")), str(item.get("arguments", item.get("input", "")))]
    if kind in NAMED_OUTPUTS:
        output = item.get("output")
        return content_texts(output, other=as_json) if isinstance(output, list) else [str(output or "")]
    if kind == "reasoning":
        texts = [s.get("text", "") for s in item.get("summary") or [] if isinstance(s, Mapping)]
        return texts + [str(item.get("encrypted_content") or "")]
    return [as_json(dict(item))]
