"""Compaction: what ``POST /v1/responses/compact`` returns offline, and how a compaction item reads back.

The real endpoint keeps every user message and folds the rest into one opaque ``compaction`` item. Offline, the
fold is a handover note of the whole history (:mod:`memlab.offline.notes`), sealed into ``encrypted_content``: a
versioned prefix, then base64 of a checksum and the zlib-compressed JSON. Opaque, not secret (:func:`read_compaction`
opens it), but any edit breaks the checksum and the API refuses it, as the real one refuses content it did not write.
"""

from __future__ import annotations

import base64
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

__all__ = ["COMPACTION_PREFIX", "SUMMARY_HEADING", "compact_history", "digest", "expand_compactions",
           "read_compaction", "seal_compaction"]

#: How every ``encrypted_content`` the offline model writes begins (a new version refuses old items).
COMPACTION_PREFIX = "memlab-cmp-v1:"
#: The first line of the assistant message a compaction item stands for.
SUMMARY_HEADING = "Summary of the earlier conversation (compacted):"
_NOTE = read_prompt("## Identifiers\n## Reported issue\n## Steps tried and results\n## Tool results\n"
                    "## Current status\n## Next step")
# Not a secret (a teaching fake, not cryptography): it makes "written by the offline model" checkable.
_KEY = b"memlab offline compaction"
_MAC_BYTES = 16


def digest(*parts: Any) -> str:
    """A short content hash of JSON-able ``parts``: the same parts give the same id in every run."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:24]


def _inflate_limit(compressed: bytes) -> int:
    """The most bytes ``compressed`` may inflate to (text compresses 3-10x, a "zip bomb" 1000s of times)."""
    return max(4096, 32 * len(compressed))


def _mac(data: bytes) -> bytes:
    return hmac.new(_KEY, data, hashlib.sha256).digest()[:_MAC_BYTES]


def seal_compaction(payload: Mapping[str, Any]) -> str:
    """``payload`` (JSON data) as an ``encrypted_content`` that only :func:`read_compaction` reads back: compressed,
    so the item costs about what its note does (uncompressed if it would inflate past what the reader accepts)."""
    raw = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    data = zlib.compress(raw, 9)
    if len(raw) > _inflate_limit(data):
        data = zlib.compress(raw, 0)
    return COMPACTION_PREFIX + base64.b64encode(_mac(data) + data).decode("ascii")


def read_compaction(encrypted_content: str) -> dict[str, Any]:
    """The payload of an ``encrypted_content``: ``summary`` (the note), ``items`` and ``tokens`` compacted.

    In a notebook: ``read_compaction(item["encrypted_content"])["summary"]``.

    Raises:
        ValueError: If the offline model did not write it, or it changed since (the API answers 400).
    """
    try:
        if not isinstance(encrypted_content, str) or not encrypted_content.startswith(COMPACTION_PREFIX):
            raise ValueError("the offline model did not write it")
        raw = base64.b64decode(encrypted_content.removeprefix(COMPACTION_PREFIX), validate=True)
        data = raw[_MAC_BYTES:]
        if not hmac.compare_digest(raw[:_MAC_BYTES], _mac(data)):
            raise ValueError("it was changed after the offline model wrote it")
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, _inflate_limit(data))
        if not inflater.eof:  # stopped at the limit (or the stream is cut short)
            raise ValueError(f"it inflates past {_inflate_limit(data)} bytes")
        payload = json.loads(text)
    except (ValueError, zlib.error, RecursionError) as error:  # binascii.Error is a ValueError
        raise ValueError(f"compaction content does not decode: {error}") from None
    if not isinstance(payload, dict) or not isinstance(payload.get("summary"), str):
        raise ValueError("compaction content has no summary")
    return payload


def expand_compactions(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The history as the model reads it: each (checked) compaction item replaced by its note."""
    expanded = []
    for item in items:
        if item_type(item) == "compaction":
            text = f"{SUMMARY_HEADING}\n\n{read_compaction(item['encrypted_content'])['summary']}"
            item = {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": text}]}
        expanded.append(dict(item))
    return expanded


def compact_history(items: Sequence[Mapping[str, Any]],
                    instructions: str = "") -> tuple[list[dict[str, Any]], int, int]:
    """Compact a checked history as ``POST /v1/responses/compact`` does.

    Returns:
        ``(output, input_tokens, output_tokens)``: every user message verbatim (``input_text`` parts, its id kept),
        then one compaction item; tokens read (``instructions`` billed, not kept), the item's cost in later requests.
    """
    fingerprint = digest([dict(item) for item in items])
    input_tokens = count_text(instructions) + count_items(items)
    note = write_note(read_items(expand_compactions(items)), _NOTE)
    output = []
    for index, item in enumerate(items):
        if is_user_message(item):
            parts = item.get("content")
            parts = [{"type": "input_text", "text": parts}] if isinstance(parts, str) else list(parts or [])
            output.append({"id": item.get("id") or f"msg_{digest(fingerprint, index)}", "type": "message",
                           "status": "completed", "role": "user", "content": parts})
    sealed = seal_compaction({"summary": note, "items": len(items), "tokens": input_tokens})
    output.append({"id": f"cmp_{fingerprint}", "type": "compaction", "encrypted_content": sealed})
    return output, input_tokens, count_items(output[-1:])
