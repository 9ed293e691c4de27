"""Compaction: what the offline ``POST /v1/responses/compact`` does, and how it reads it back.

The real endpoint shrinks a long history into a *compacted window*. Its
``CompactedResponse.output`` is, in the openai package's own words, "a list of
all user messages, followed by a single compaction item": every user message
is kept verbatim, and everything else — assistant answers, tool calls and
their outputs, reasoning, earlier compaction items — is folded into one
``{"type": "compaction", "id": ..., "encrypted_content": ...}`` item. The
client cannot read that item; it only sends it back in later requests, where
the model reads the context it encodes.

The offline model does the same with rules instead of a model:

1. It writes a handover note (:mod:`memlab.offline.notes`) of the whole
   history; a note already inside an earlier compaction item is read as part
   of that history, so compacting twice forgets nothing.
2. It seals the note into ``encrypted_content``: a versioned prefix, then
   base64 of a checksum and the zlib-compressed JSON. *Opaque, not secret*:
   anyone can decode it (:func:`read_compaction` does), but any edit breaks
   the checksum, and the offline API then refuses the item as the real API
   refuses content it did not write. The string is plain ASCII, so it survives
   a JSON round trip through any session store.
3. When a later request carries the item, :func:`expand_compactions` puts the
   note back in its place, as an assistant message, *before* the model
   decides its reply — so "what was my ticket number?" can be answered from a
   compacted history.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from ..tokens import count_items, count_text
from ..turns import is_user_message, item_type
from .notes import read_prompt, write_note
from .reading import read_items

__all__ = [
    "COMPACTION_PREFIX",
    "SUMMARY_HEADING",
    "compact_history",
    "expand_compactions",
    "read_compaction",
    "seal_compaction",
]

#: How every ``encrypted_content`` the offline model writes begins (bump the
#: version if the payload ever changes shape, so old items are refused, not misread).
COMPACTION_PREFIX = "memlab-cmp-v1:"

#: The first line of the assistant message a compaction item stands for.
SUMMARY_HEADING = "Summary of the earlier conversation (compacted):"

#: The sections of the note a compaction item holds.
_NOTE = read_prompt("## Identifiers\n## Reported issue\n## Steps tried and results\n## Tool results\n"
                    "## Current status\n## Next step")

# The checksum key. It is not a secret — this is a teaching fake, not
# cryptography — it only makes "written by the offline model" checkable.
_KEY = b"memlab offline compaction"
_MAC_BYTES = 16

# How far a payload may inflate when it is read back: its JSON may be at most
# this many times its compressed bytes (or the floor below, for small ones).
# English text compresses 3 to 10 times; a "zip bomb" (a few KB that inflate
# to gigabytes) thousands of times. The writer keeps to the same rule, so
# every item it seals can be read back.
_MAX_RATIO = 32
_MIN_LIMIT = 4096


def _inflate_limit(compressed: bytes) -> int:
    """The most bytes ``compressed`` may inflate to (:data:`_MAX_RATIO`)."""
    return max(_MIN_LIMIT, _MAX_RATIO * len(compressed))


def seal_compaction(payload: Mapping[str, Any]) -> str:
    """Turn a payload into an ``encrypted_content`` string only this module accepts back.

    Args:
        payload: JSON-serialisable data (the offline model stores its summary here).

    Returns:
        ``COMPACTION_PREFIX`` + base64(checksum + zlib(JSON)). Compressing first
        keeps the item's token cost close to the note it carries: base64 text
        costs about a token per 2-3 characters, plain English one per 4. A
        payload that would compress more than the reader accepts (a very
        repetitive note) is stored without compression instead.
    """
    raw = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    data = zlib.compress(raw, 9)
    if len(raw) > _inflate_limit(data):
        data = zlib.compress(raw, 0)
    mac = hmac.new(_KEY, data, hashlib.sha256).digest()[:_MAC_BYTES]
    return COMPACTION_PREFIX + base64.b64encode(mac + data).decode("ascii")


def read_compaction(encrypted_content: str) -> dict[str, Any]:
    """Open an ``encrypted_content`` written by :func:`seal_compaction`.

    Useful in a notebook to see what a compaction item "remembers"::

        read_compaction(item["encrypted_content"])["summary"]

    Args:
        encrypted_content: The string from a compaction item.

    Returns:
        The payload: ``summary`` (the note), ``items`` and ``tokens`` (how many
        items and tokens were compacted into it).

    Raises:
        ValueError: If the string was not written by the offline model, or was
            changed since, or does not hold a payload this module writes (the
            API answers such an item with HTTP 400).
    """
    if not isinstance(encrypted_content, str) or not encrypted_content.startswith(COMPACTION_PREFIX):
        raise ValueError("not a compaction written by the offline model")
    try:
        raw = base64.b64decode(encrypted_content[len(COMPACTION_PREFIX):], validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("compaction content is not valid base64") from None
    mac, data = raw[:_MAC_BYTES], raw[_MAC_BYTES:]
    if not hmac.compare_digest(mac, hmac.new(_KEY, data, hashlib.sha256).digest()[:_MAC_BYTES]):
        raise ValueError("compaction content was changed after the offline model wrote it")
    limit = _inflate_limit(data)
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data, limit)
    except zlib.error:
        raise ValueError("compaction content does not decode") from None
    if not inflater.eof:  # stopped at the limit (or the stream is cut short)
        raise ValueError(f"compaction content does not decode within {limit} bytes")
    try:
        payload = json.loads(raw)
    except (ValueError, RecursionError):
        raise ValueError("compaction content does not decode") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("summary"), str):
        raise ValueError("compaction content has no summary")
    return payload


def summary_message(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The assistant message a compaction item stands for when the model reads it."""
    text = f"{SUMMARY_HEADING}\n\n{payload['summary']}"
    return {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]}


def expand_compactions(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The history as the model reads it: each compaction item replaced by its note.

    Args:
        items: Checked input items (their compaction items were verified).

    Returns:
        A new list; other items are passed through unchanged.
    """
    return [
        summary_message(read_compaction(item["encrypted_content"])) if item_type(item) == "compaction" else dict(item)
        for item in items
    ]


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


def _kept_user_message(item: Mapping[str, Any], new_id: str) -> dict[str, Any]:
    """A user message as the compact endpoint returns it: output shape, ``input_text`` parts.

    An id the message already had is kept, so a window compacted twice never
    holds two items with one id.
    """
    content = item.get("content")
    parts = [{"type": "input_text", "text": content}] if isinstance(content, str) else list(content or [])
    return {"id": item.get("id") or new_id, "type": "message", "status": "completed", "role": "user", "content": parts}


def compact_history(items: Sequence[Mapping[str, Any]], instructions: str = "") -> tuple[list[dict[str, Any]], int, int]:
    """Compact a checked history the way ``POST /v1/responses/compact`` does.

    Args:
        items: The whole history to compact (a ``previous_response_id``'s
            stored conversation already put in front of the request's input).
        instructions: The request's instructions; they are read (and billed)
            but, like on the real endpoint, not kept in the window.

    Returns:
        ``(output, input_tokens, output_tokens)``. ``output`` is every user
        message verbatim, in order, then one compaction item. Input tokens are
        what the model read to compact (instructions plus items, an earlier
        compaction item at its own cost); output tokens are what the
        compaction wrote: the new compaction item, at the cost it will have
        in every later request (:func:`memlab.tokens.count_items`).
    """
    fingerprint = _digest([dict(item) for item in items])
    note = write_note(read_items(expand_compactions(items)), _NOTE)
    input_tokens = count_text(instructions) + count_items(items)
    payload = {"summary": note, "items": len(items), "tokens": input_tokens}
    output = [
        _kept_user_message(item, f"msg_{_digest(fingerprint, index)}")
        for index, item in enumerate(items)
        if is_user_message(item)
    ]
    compaction = {"id": f"cmp_{fingerprint}", "type": "compaction", "encrypted_content": seal_compaction(payload)}
    output.append(compaction)
    return output, input_tokens, count_items([compaction])
