"""Request checks: the rules the real Responses API enforces, with its error messages.

Every request is checked before it is answered; one the real API would
refuse gets its 400 and JSON error shape, so a history a memory policy broke
(a tool output without its call, a reasoning item without what followed it, a
stray ``metadata`` key) fails offline exactly where it would fail live. The
same rules cover ``POST /v1/responses/compact``, the history a request
continues (a stored response, a conversation), and compaction items. Tool
calls and outputs pair by :func:`memlab.turns.pair_key`, memlab's one rule.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence
from typing import Any

from openai.types.responses import (
    ResponseInputFileParam,
    ResponseInputImageParam,
    ResponseInputTextParam,
    ResponseOutputRefusalParam,
    ResponseOutputTextParam,
    tool_param,
)
from openai.types.responses import response_compact_params as _compact_params
from openai.types.responses import response_create_params as _create_params
from openai.types.responses import response_input_item_param as _item_params
from openai.types.responses.response_compaction_item_param_param import ResponseCompactionItemParamParam

from ..errors import MemlabError
from ..turns import NAMED_CALLS, NAMED_OUTPUTS, item_type, pair_key
from .compaction import read_compaction

__all__ = [
    "MAX_JSON_DEPTH",
    "OfflineAPIError",
    "check_body",
    "check_compact_request",
    "check_items",
    "check_request",
    "input_items",
    "json_depth",
]


class OfflineAPIError(MemlabError):
    """A request the real API would refuse: its ``message``, the ``param`` at fault, its ``code``, the HTTP ``status``."""

    def __init__(self, message: str, param: str | None = "input", code: str | None = None, *, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.param, self.code, self.status = message, param, code, status

    def body(self) -> dict[str, Any]:
        """The JSON error body, shaped like the real API's."""
        return {"error": {"message": self.message, "type": "invalid_request_error", "param": self.param, "code": self.code}}


def _keys(*typed_dicts: type) -> frozenset[str]:
    return frozenset(key for td in typed_dicts for key in td.__annotations__)


# The keys each input item type may carry, read from the openai package's own types.
_ITEM_KEYS: dict[str, frozenset[str]] = {
    "message": _keys(_item_params.EasyInputMessageParam, _item_params.Message, _item_params.ResponseOutputMessageParam),
    "function_call": _keys(_item_params.ResponseFunctionToolCallParam),
    "function_call_output": _keys(_item_params.FunctionCallOutput),
    "reasoning": _keys(_item_params.ResponseReasoningItemParam),
    "custom_tool_call": _keys(_item_params.ResponseCustomToolCallParam),
    "custom_tool_call_output": _keys(_item_params.ResponseCustomToolCallOutputParam),
    "item_reference": _keys(_item_params.ItemReference),
    "compaction": _keys(ResponseCompactionItemParamParam),
}
_PART_KEYS: dict[str, frozenset[str]] = {
    "input_text": _keys(ResponseInputTextParam),
    "input_image": _keys(ResponseInputImageParam),
    "input_file": _keys(ResponseInputFileParam),
    "output_text": _keys(ResponseOutputTextParam),
    "refusal": _keys(ResponseOutputRefusalParam),
}
#: String fields of a content part, and the one field each kind of part requires.
_PART_STRINGS = ("text", "refusal", "image_url", "file_id", "file_data", "file_url", "filename", "detail")
_PART_REQUIRED = {"input_text": "text", "output_text": "text", "refusal": "refusal"}
_INPUT_PARTS = ("input_text", "input_image", "input_file")
# The keys each kind of tool may carry ("function", "web_search", ...), read from the openai package's own types.
_TOOL_KEYS: dict[str, frozenset[str]] = {
    kind: _keys(tool) for tool in typing.get_args(tool_param.ToolParam)
    for kind in typing.get_args(typing.get_type_hints(tool)["type"])
}
_REQUEST_KEYS = _keys(_create_params.ResponseCreateParamsBase) | {"stream"}
_COMPACT_KEYS = _keys(_compact_params.ResponseCompactParams)
_ROLES = ("assistant", "system", "developer", "user")


#: JSON types of the top-level parameters (``None`` is accepted for all but ``model`` and, except when compacting, ``input``).
_REQUEST_TYPES: dict[str, tuple[type, ...]] = {
    "model": (str,), "input": (str, list), "instructions": (str,), "tools": (list,),
    "max_output_tokens": (int,), "stream": (bool,), "store": (bool,), "previous_response_id": (str,),
    "parallel_tool_calls": (bool,), "tool_choice": (str, dict), "metadata": (dict,), "include": (list,),
    "text": (dict,), "reasoning": (dict,), "temperature": (int, float), "top_p": (int, float),
    "truncation": (str,), "user": (str,), "prompt_cache_key": (str,), "conversation": (str, dict),
    "image": (dict,), "prompt_cache_options": (dict,), "prompt_cache_retention": (str,), "service_tier": (str,),
}
#: Item fields that must be strings when present.
_TEXT_FIELDS = ("type", "role", "id", "call_id", "name", "arguments", "status")
_JSON_NAMES = {bool: "a boolean", int: "an integer", float: "a decimal", str: "a string", list: "an array", dict: "an object"}


#: How deeply a request may nest arrays and objects (far deeper would exhaust Python's recursion limit).
MAX_JSON_DEPTH = 100


def json_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """How deeply ``value`` nests lists and dicts, counting up to ``limit + 1`` at most (iteratively)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, (list, dict)):
            deepest = max(deepest, depth)
            if depth > limit:
                break
            stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node))
    return deepest


def _json_name(value: Any) -> str:
    """How the API names a JSON value's type in its errors ("a string", "an integer"...)."""
    if value is None:
        return "null"
    return next((name for kind, name in _JSON_NAMES.items() if isinstance(value, kind)), "an unknown value")


def _check_type(value: Any, kinds: tuple[type, ...], where: str) -> None:
    """Raise the API's ``invalid_type`` error unless ``value`` has one of ``kinds``."""
    if isinstance(value, bool) and bool not in kinds:
        ok = False  # JSON true is not an integer
    else:
        ok = isinstance(value, kinds)
    if not ok:
        expected = " or ".join(_JSON_NAMES[k] for k in kinds)
        raise OfflineAPIError(
            f"Invalid type for '{where}': expected {expected}, but got {_json_name(value)} instead.", where, "invalid_type"
        )


def _supported(values: Sequence[str]) -> str:
    quoted = [f"'{v}'" for v in values]
    return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"


def _check_message(item: Mapping[str, Any], where: str) -> None:
    role = item.get("role")
    if role not in _ROLES:
        raise OfflineAPIError(
            f"Invalid value: '{role}'. Supported values are: {_supported(_ROLES)}.", f"{where}.role", "invalid_value"
        )
    content = item.get("content")
    if isinstance(content, str):
        return
    if not isinstance(content, list):
        raise OfflineAPIError(f"Invalid type for '{where}.content': expected a string or an array.", f"{where}.content", "invalid_type")
    _check_parts(content, ("output_text", "refusal") if role == "assistant" else _INPUT_PARTS, f"{where}.content")


def _check_parts(parts: Sequence[Any], allowed: tuple[str, ...], where: str) -> None:
    """Check content parts (a message's ``content``, a tool output given as parts): kinds, keys, value types."""
    for j, part in enumerate(parts):
        at = f"{where}[{j}]"
        kind = part.get("type") if isinstance(part, Mapping) else None
        if kind not in allowed:
            raise OfflineAPIError(f"Invalid value: '{kind}'. Supported values are: {_supported(allowed)}.", f"{at}.type", "invalid_value")
        for key in part:
            if key not in _PART_KEYS[kind]:
                raise OfflineAPIError(f"Unknown parameter: '{at}.{key}'.", f"{at}.{key}", "unknown_parameter")
        required = _PART_REQUIRED.get(kind)
        if required is not None and part.get(required) is None:
            raise OfflineAPIError(f"Missing required parameter: '{at}.{required}'.", f"{at}.{required}", "missing_required_parameter")
        for key in _PART_STRINGS:
            if part.get(key) is not None:
                _check_type(part[key], (str,), f"{at}.{key}")


def check_body(body: Any, *, compact: bool = False) -> None:
    """Check a body's top-level parameters (``compact``: as a ``/responses/compact`` body); raise the first fault."""
    if not isinstance(body, Mapping):
        raise OfflineAPIError(f"Invalid type for request body: expected an object, but got {_json_name(body)} instead.", None, "invalid_type")
    allowed = _COMPACT_KEYS if compact else _REQUEST_KEYS
    for key in body:
        if key not in allowed:
            raise OfflineAPIError(f"Unknown parameter: '{key}'.", key, "unknown_parameter")
    if not body.get("model"):
        raise OfflineAPIError("Missing required parameter: 'model'.", "model", "missing_required_parameter")
    never_null = ("model",) if compact else ("model", "input")  # compact's input may be null
    for key, kinds in _REQUEST_TYPES.items():
        if key in body and (body[key] is not None or key in never_null):
            _check_type(body[key], kinds, key)
    if body.get("conversation") is not None and body.get("previous_response_id") is not None:
        raise OfflineAPIError("Only one of 'previous_response_id' or 'conversation' may be provided.", "conversation",
                              "invalid_request_error")
    temperature = body.get("temperature")
    if temperature is not None and not 0 <= temperature <= 2:
        raise OfflineAPIError(f"Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got "
                              f"{temperature} instead." if temperature > 2 else f"Invalid 'temperature': decimal below "
                              f"minimum value. Expected a value >= 0, but got {temperature} instead.",
                              "temperature", "decimal_above_max_value" if temperature > 2 else "decimal_below_min_value")
    for j, tool in enumerate(body.get("tools") or []):
        _check_tool(tool, f"tools[{j}]")
    _check_tool_choice(body.get("tool_choice"), [t for t in body.get("tools") or [] if isinstance(t, dict)])
    limit = body.get("max_output_tokens")
    if limit is not None and limit < 16:
        raise OfflineAPIError(
            f"Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got {limit} instead.",
            "max_output_tokens", "integer_below_min_value",
        )


def _check_tool_choice(choice: Any, tools: Sequence[Mapping[str, Any]]) -> None:
    """``tool_choice``: ``"none"``, ``"auto"``, ``"required"``, or a function the request offers."""
    if choice is None:
        return
    if isinstance(choice, str):
        if choice not in ("none", "auto", "required"):
            raise OfflineAPIError(f"Invalid value: '{choice}'. Supported values are: 'none', 'auto', and 'required'.",
                                  "tool_choice", "invalid_value")
        return
    if choice.get("type") == "function":
        name = choice.get("name")
        if name not in {tool.get("name") for tool in tools if tool.get("type") == "function"}:
            raise OfflineAPIError(f"Tool choice '{name}' not found in 'tools' parameter.", "tool_choice", "invalid_value")


def _check_tool(tool: Any, where: str) -> None:
    """Check one tool definition: kind, keys, and a function's schema (a Chat Completions shape lacks ``name``: refused)."""
    _check_type(tool, (dict,), where)
    kind = tool.get("type")
    _check_type(kind, (str,), f"{where}.type")
    if kind not in _TOOL_KEYS:
        raise OfflineAPIError(f"Invalid value: '{kind}'. Supported values are: {_supported(sorted(_TOOL_KEYS))}.",
                              f"{where}.type", "invalid_value")
    if kind in ("function", "custom") and tool.get("name") is None:
        raise OfflineAPIError(f"Missing required parameter: '{where}.name'.", f"{where}.name", "missing_required_parameter")
    for key in tool:
        if key not in _TOOL_KEYS[kind]:
            raise OfflineAPIError(f"Unknown parameter: '{where}.{key}'.", f"{where}.{key}", "unknown_parameter")
    for key, kinds in (("name", (str,)), ("description", (str,)), ("strict", (bool,)), ("parameters", (dict,))):
        if tool.get(key) is not None:
            _check_type(tool[key], kinds, f"{where}.{key}")
    if kind == "function" and tool.get("parameters") is not None:
        _check_schema(tool["parameters"], tool["name"], f"{where}.parameters")


def _check_schema(schema: Mapping[str, Any], name: str, where: str) -> None:
    """Check the parts of a function's JSON schema that the model reads: its properties and their enums."""

    def invalid(detail: str) -> OfflineAPIError:
        return OfflineAPIError(f"Invalid schema for function '{name}': {detail}", where, "invalid_function_parameters")

    properties = schema.get("properties")
    if properties is None:
        return
    if not isinstance(properties, Mapping):
        raise invalid(f"'properties' must be an object, not {_json_name(properties)}.")
    for key, spec in properties.items():
        if not isinstance(spec, (Mapping, bool)):
            raise invalid(f"property '{key}' must be a schema (an object or a boolean), not {_json_name(spec)}.")
        if isinstance(spec, Mapping) and "enum" in spec and not isinstance(spec["enum"], list):
            raise invalid(f"the 'enum' of property '{key}' must be an array, not {_json_name(spec['enum'])}.")


def input_items(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A checked body's ``input`` as a list of items (a string becomes one user message)."""
    raw = body.get("input")
    if raw is None:
        return []
    return [{"role": "user", "content": raw}] if isinstance(raw, str) else list(raw)


def _check_compaction(item: Mapping[str, Any], where: str) -> None:
    """A compaction item must carry ``encrypted_content`` the offline model wrote (else the API's ``invalid_encrypted_content``)."""
    content = item.get("encrypted_content")
    if content is None:
        raise OfflineAPIError(
            f"Missing required parameter: '{where}.encrypted_content'.", f"{where}.encrypted_content", "missing_required_parameter"
        )
    _check_type(content, (str,), f"{where}.encrypted_content")
    try:
        read_compaction(content)
    except ValueError:
        name = item.get("id") or where
        raise OfflineAPIError(
            f"The encrypted content for item {name} could not be verified.", f"{where}.encrypted_content", "invalid_encrypted_content"
        ) from None


def _check_item(item: Any, where: str) -> str:
    """Check one input item on its own (keys, types, values); return its kind."""
    if not isinstance(item, Mapping):
        raise OfflineAPIError(f"Invalid type for '{where}': expected an object, but got {_json_name(item)} instead.", where, "invalid_type")
    for field in _TEXT_FIELDS:
        if item.get(field) is not None:
            _check_type(item[field], (str,), f"{where}.{field}")
    kind = item_type(item)
    if kind not in _ITEM_KEYS:
        raise OfflineAPIError(f"Invalid value: '{kind}'. The offline model does not accept this item type.", f"{where}.type", "invalid_value")
    for key in item:
        if key not in _ITEM_KEYS[kind]:
            raise OfflineAPIError(f"Unknown parameter: '{where}.{key}'.", f"{where}.{key}", "unknown_parameter")
    if kind == "message":
        _check_message(item, where)
    elif kind == "compaction":
        _check_compaction(item, where)
    elif kind in NAMED_OUTPUTS:
        output = item.get("output")
        if output is None:
            raise OfflineAPIError(f"Missing required parameter: '{where}.output'.", f"{where}.output", "missing_required_parameter")
        _check_type(output, (str, list), f"{where}.output")
        if isinstance(output, list):
            _check_parts(output, _INPUT_PARTS, f"{where}.output")
    elif kind == "reasoning":
        _check_reasoning(item, where)
    return kind


def _check_reasoning(item: Mapping[str, Any], where: str) -> None:
    """A reasoning item's ``summary`` is required: an array of ``summary_text`` parts."""
    summary = item.get("summary")
    if summary is None:
        raise OfflineAPIError(f"Missing required parameter: '{where}.summary'.", f"{where}.summary", "missing_required_parameter")
    _check_type(summary, (list,), f"{where}.summary")
    for j, part in enumerate(summary):
        at = f"{where}.summary[{j}]"
        _check_type(part, (dict,), at)
        if part.get("type") != "summary_text":
            raise OfflineAPIError(f"Invalid value: '{part.get('type')}'. Supported values are: 'summary_text'.", f"{at}.type", "invalid_value")
        _check_type(part.get("text"), (str,), f"{at}.text")


def check_items(items: Sequence[Any], history: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """Check input items, each on its own, then the pairing rules over ``history`` and them together.

    So a request continuing a stored response may answer a tool call only the
    stored conversation holds. Returns the items as a new list; raises
    :class:`OfflineAPIError` for the first rule they break.
    """
    items = list(items)
    for i, item in enumerate(items):
        _check_item(item, f"input[{i}]")
    everything = [*history, *items]
    offset = len(history)
    calls: set[Any] = set()
    answered: set[Any] = set()
    item_ids: set[str] = set()
    for i, item in enumerate(everything):
        where = f"input[{i - offset}]"
        if item.get("id") is not None:
            if item["id"] in item_ids:
                raise OfflineAPIError(
                    f"Duplicate item found with id {item['id']}. Remove duplicate items from your input and try again.", "input"
                )
            item_ids.add(item["id"])
        pair = pair_key(item)
        if pair is not None and pair[0] == "call":
            if pair[1] in calls:
                raise OfflineAPIError(f"Duplicate value for 'call_id' of {item.get('call_id')} in '{where}'.", f"{where}.call_id")
            calls.add(pair[1])
        elif pair is not None:
            if pair[1] not in calls:
                raise OfflineAPIError(f"No tool call found for function call output with call_id {item.get('call_id')}.")
            if pair[1] in answered:
                raise OfflineAPIError(f"Duplicate value for 'call_id' of {item.get('call_id')} in '{where}'.", f"{where}.call_id")
            answered.add(pair[1])
        elif item_type(item) == "reasoning":
            follower = everything[i + 1] if i + 1 < len(everything) else None
            if not isinstance(follower, Mapping) or item_type(follower) not in ("message", *NAMED_CALLS) or follower.get("role") == "user":
                raise OfflineAPIError(f"Item '{item.get('id')}' of type 'reasoning' was provided without its required following item.")
    # A call may be left open only at the very end; once a message follows, its output is missing.
    last_message = max((i for i, item in enumerate(everything) if item_type(item) == "message"), default=-1)
    for i, item in enumerate(everything):
        pair = pair_key(item)
        if pair is not None and pair[0] == "call" and pair[1] not in answered and i < last_message:
            raise OfflineAPIError(f"No tool output found for function call {item.get('call_id')}.")
    return items


def check_request(body: Any, history: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """Check a ``POST /v1/responses`` body (after ``history``, the conversation it continues); return its input items."""
    check_body(body)
    return check_items(input_items(body), history)


def check_compact_request(body: Any, history: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """Check a ``POST /v1/responses/compact`` body; return its input items (nothing to compact is a missing ``input``)."""
    check_body(body, compact=True)
    items = check_items(input_items(body), history)
    if not items and not body.get("previous_response_id"):
        raise OfflineAPIError("Missing required parameter: 'input'.", "input", "missing_required_parameter")
    return items
