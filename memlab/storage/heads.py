"""The signed *head* of an integrity chain: how it is signed, and where it is kept.

A hash chain proves that every item it holds is genuine and in place, but not
that nothing was cut off its end: a chain with its newest rows deleted is still
a valid chain. So :class:`~memlab.storage.integrity.IntegritySession` also keeps a
*head* — the item count and the newest item's MAC — signed with the same key,
and compares it with the chain on every read. This module holds the signing
(:func:`sign`, :func:`seal_heads`, :func:`unseal_heads`) and the stores a head
can live in between processes (:class:`HeadStore`, :class:`FileHeadStore`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any, Protocol

from ..errors import IntegrityError

__all__ = ["Head", "HeadStore", "FileHeadStore", "sign", "same_mac", "seal_heads", "unseal_heads"]

_HEAD_KIND = "memlab.storage.integrity.head"

Head = tuple[int, str]
"""``(item count, MAC of the newest item)``; an empty chain is ``(0, "")``."""


def sign(key: bytes, message: dict[str, Any]) -> str:
    """HMAC-SHA256 of ``message`` as canonical JSON (sorted keys, no spaces, UTF-8), in hex.

    Raises:
        TypeError, ValueError: If ``message`` is not JSON that signs one way
            only (keys of mixed types, a lone surrogate...).
    """
    canonical = json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    return hmac.new(key, canonical, hashlib.sha256).hexdigest()


def same_mac(expected: str, given: Any) -> bool:
    """Whether a stored MAC (or tag) equals ``expected``, compared in constant time.

    ``hmac.compare_digest`` raises ``TypeError`` for text that is not ASCII,
    and stored values can be anything, so anything else simply does not match.
    """
    return type(given) is str and given.isascii() and hmac.compare_digest(expected, given)


def seal_heads(key: bytes, session_id: str, heads: list[Head]) -> dict[str, Any]:
    """A head record: the accepted heads plus a tag only ``key`` can make."""
    body = [[count, tip] for count, tip in heads]
    tag = sign(key, {"kind": _HEAD_KIND, "session_id": session_id, "heads": body})
    return {"v": 1, "heads": body, "tag": tag}


def unseal_heads(key: bytes, session_id: str, record: Any) -> list[Head]:
    """The heads in a record :func:`seal_heads` made for ``session_id`` with ``key``.

    Raises:
        IntegrityError: If the record is malformed, was edited, or was signed
            with another key or for another session.
    """
    heads = record.get("heads") if isinstance(record, dict) else None
    if not (type(heads) is list and heads) or not all(
        type(h) is list and len(h) == 2 and type(h[0]) is int and type(h[1]) is str and h[1].isascii()
        for h in heads
    ):  # (a tip is a hex MAC: ASCII, so it always signs)
        raise IntegrityError(f"session {session_id!r}: the head record is malformed")
    found = [(count, tip) for count, tip in heads]
    if not same_mac(seal_heads(key, session_id, found)["tag"], record.get("tag")):
        raise IntegrityError(
            f"session {session_id!r}: the head record was edited or signed with a different key"
        )
    return found


class HeadStore(Protocol):
    """Where a session's signed head record lives between processes.

    Records are small JSON-able dicts, already signed by the session; a store
    only has to keep them. Both methods are called from a worker thread.
    """

    def load(self, session_id: str) -> dict[str, Any] | None:
        """Return the record saved for ``session_id``, or ``None``."""
        ...

    def save(self, session_id: str, record: dict[str, Any]) -> None:
        """Replace the record for ``session_id``."""
        ...


class FileHeadStore:
    """Keep head records in one small JSON file, ``{session_id: record}``.

    Writes go to a temporary file that then replaces the old one, so a crash
    never leaves half a file. Safe for many sessions in one process; several
    processes writing the same file at once are not coordinated.

    Args:
        path: The JSON file. It is created on the first save.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (ValueError, RecursionError):  # not UTF-8, not JSON, or nested too deeply to decode
            raise IntegrityError(f"head file {self.path} is not valid JSON") from None
        if not isinstance(data, dict):
            raise IntegrityError(f"head file {self.path} does not hold a JSON object")
        return data

    def load(self, session_id: str) -> dict[str, Any] | None:
        """Return the record saved for ``session_id``, or ``None``."""
        with self._lock:
            return self._read().get(session_id)

    def save(self, session_id: str, record: dict[str, Any]) -> None:
        """Replace the record for ``session_id``, atomically."""
        with self._lock:
            data = self._read()
            data[session_id] = record
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name, suffix=".tmp")
            try:
                with os.fdopen(fd, "w", encoding="utf-8") as handle:
                    json.dump(data, handle, sort_keys=True)
                os.replace(tmp, self.path)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
