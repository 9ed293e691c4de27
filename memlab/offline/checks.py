"""Request checks: the rules the real Responses API enforces, with its error messages and 400s.

So a history a memory policy broke (a tool output without its call, a reasoning item without what
followed it, a stray ``metadata`` key) fails offline exactly where it would fail live. The keys each
item, content part and tool may carry, with their types, come from the ``openai`` package's request types.
"""

from __future__ import annotations

import functools
import json
import math
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from openai.types import conversations as _conversations
from openai.types import responses as _types

from ..errors import MemlabError
from ..turns import NAMED_CALLS, NAMED_OUTPUTS, item_type, pair_key
from .compaction import read_compaction

__all__ = ["OfflineAPIError", "check_body", "check_compact_request", "check_conversation_body", "check_items",
           "check_request", "input_items", "parse_body"]


class OfflineAPIError(MemlabError):
    """A request the real API would refuse: ``message``, ``param`` at fault, ``code``, HTTP ``status``."""

    def __init__(self, message: str, param: str | None = "input", code: str | None = None, *,
                 status: int = 400) -> None:
        super().__init__(message)
        self.message, self.param, self.code, self.status = message, param, code, status

    def body(self) -> dict[str, Any]:
        """The JSON error body, shaped like the real API's."""
        return {"error": {"message": self.message, "type": "invalid_request_error", "param": self.param,
                          "code": self.code}}


def _kinds(hint: Any) -> list[str]:
    """The strings a ``type`` annotation allows (``Literal["x"]``, ``Required[Literal["x"]]``...)."""
    found = []
    for arg in typing.get_args(hint):
        found += [arg] if isinstance(arg, str) else _kinds(arg)
    return found


def _json_types(hint: Any) -> tuple[type, ...]:
    """The JSON types an annotation allows (``()``: any); ``Optional[Union[str, List[X]]]``: str, list."""
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is typing.Literal:
        args = [arg if origin is typing.Union else type(arg) for arg in typing.get_args(hint)]
        return tuple(dict.fromkeys(kind for arg in args for kind in _json_types(arg)))
    if origin in (dict, Mapping) or (isinstance(hint, type) and issubclass(hint, dict)):
        return (dict,)
    if origin in (list, Iterable, Sequence):
        return (list,)
    return {str: (str,), bool: (bool,), int: (int,), float: (int, float)}.get(hint, ())


def _fields(typed_dict: type) -> dict[str, tuple[type, ...]]:
    """The keys of one of the openai package's request types, each with its JSON types."""
    return {key: _json_types(hint) for key, hint in typing.get_type_hints(typed_dict).items()}


def _fields_by_kind(*typed_dicts: type) -> dict[str, dict[str, tuple[type, ...]]]:
    """The keys (with their JSON types) each kind (``type``) of item, part or tool may carry."""
    by_kind: dict[str, dict[str, tuple[type, ...]]] = {}
    for typed_dict in typed_dicts:
        for kind in _kinds(typing.get_type_hints(typed_dict)["type"]):
            known = by_kind.setdefault(kind, {})
            for key, kinds in _fields(typed_dict).items():
                known[key] = tuple(dict.fromkeys(known.get(key, ()) + kinds))
    return by_kind


_ACCEPTED_ITEMS = ("message", "function_call", "function_call_output", "reasoning", "custom_tool_call",
                   "custom_tool_call_output", "item_reference", "compaction")
_ALL_ITEM_FIELDS = _fields_by_kind(*typing.get_args(_types.ResponseInputItemParam))
_ITEM_FIELDS = {kind: _ALL_ITEM_FIELDS[kind] for kind in _ACCEPTED_ITEMS}
_PART_FIELDS = _fields_by_kind(*typing.get_args(_types.ResponseInputContentParam),
                               _types.ResponseOutputTextParam, _types.ResponseOutputRefusalParam,
                               _types.response_reasoning_item_param.Summary)
_TOOL_FIELDS = _fields_by_kind(*typing.get_args(_types.tool_param.ToolParam))
_REQUEST_FIELDS = {**_fields(_types.response_create_params.ResponseCreateParamsBase), "stream": (bool,)}
_COMPACT_FIELDS = _fields(_types.response_compact_params.ResponseCompactParams)
_FORMAT_FIELDS = _fields_by_kind(*typing.get_args(_types.ResponseFormatTextConfigParam))
#: The keys of a Conversations API body, by what it does.
_CONVERSATION_FIELDS = {"create": _fields(_conversations.ConversationCreateParams),
                        "update": _fields(_conversations.ConversationUpdateParams), "items": {"items": (list,)}}
#: What the JSON Schema meta-schema asks of a keyword's value, for the keywords whose value has a fixed shape.
_KEYWORD_SHAPES = {
    **dict.fromkeys(("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames",
                     "unevaluatedItems", "unevaluatedProperties", "additionalItems"), "a schema"),
    **dict.fromkeys(("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"),
                    "an object of schemas"),
    **dict.fromkeys(("allOf", "anyOf", "oneOf", "prefixItems"), "a non-empty array of schemas"),
    **dict.fromkeys(("minItems", "maxItems", "minLength", "maxLength", "minProperties", "maxProperties",
                     "minContains", "maxContains"), "a non-negative integer"),
    **dict.fromkeys(("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"), "a number"),
    **dict.fromkeys(("pattern", "format", "title", "description", "$ref", "$id", "$schema", "$anchor"), "a string"),
    "required": "an array of strings", "enum": "an array", "uniqueItems": "a boolean",
    "type": "a type name (or array)",
}
_SCHEMA_TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")
_INPUT_PARTS = ("input_text", "input_image", "input_file")
#: The one field each kind of content part (a reasoning item's summary part too) requires.
_PART_REQUIRED = {"input_text": "text", "output_text": "text", "refusal": "refusal", "summary_text": "text"}
_JSON_NAMES = {bool: "a boolean", int: "an integer", float: "a decimal", str: "a string", list: "an array",
               dict: "an object"}

#: How deeply a request may nest arrays and objects (far deeper would exhaust Python's recursion limit).
MAX_JSON_DEPTH = 100


def parse_body(content: bytes) -> dict[str, Any]:
    """A request's JSON body (``{}`` when empty).

    Raises:
        OfflineAPIError: If it is not a JSON object (NaN is not JSON), or nests deeper than :data:`MAX_JSON_DEPTH`.
    """
    try:  # Python's json reads NaN and Infinity (and 1e999 as infinity): JSON has neither
        body = json.loads(content or b"{}", parse_constant=_finite, parse_float=_finite)
    except (ValueError, RecursionError):
        raise OfflineAPIError("We could not parse the JSON body of your request.", None) from None
    stack = [(body, 1)] if isinstance(body, (list, dict)) else []
    while stack:  # the containers only: a body's strings and numbers are most of it
        node, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise OfflineAPIError("We could not parse the JSON body of your request: it nests arrays and "
                                  f"objects over {MAX_JSON_DEPTH} levels deep.", None)
        stack.extend((child, depth + 1) for child in (node.values() if isinstance(node, dict) else node)
                     if isinstance(child, (list, dict)))
    _check_object(body)
    return body


def _finite(literal: str) -> float:
    if not math.isfinite(number := float(literal)):
        raise OfflineAPIError("We could not parse the JSON body of your request: NaN is not JSON.", None)
    return number


def _json_name(value: Any) -> str:
    """How the API names a JSON value's type in its errors ("a string", "an integer"...)."""
    found = (name for kind, name in _JSON_NAMES.items() if isinstance(value, kind))
    return "null" if value is None else next(found, "an unknown value")


def _check_type(value: Any, kinds: tuple[type, ...], where: str) -> None:
    """Raise the API's ``invalid_type`` error unless ``value`` has one of ``kinds`` (true is no integer)."""
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        expected = " or ".join(_JSON_NAMES[k] for k in kinds)
        message = f"Invalid type for '{where}': expected {expected}, but got {_json_name(value)} instead."
        raise OfflineAPIError(message, where, "invalid_type")


def _check_object(body: Any) -> None:
    if not isinstance(body, Mapping):
        raise OfflineAPIError("Invalid type for request body: expected an object, but got "
                              f"{_json_name(body)} instead.", None, "invalid_type")


def _check_fields(mapping: Mapping[str, Any], fields: Mapping[str, tuple[type, ...]], where: str) -> None:
    """Refuse a key not in ``fields``, or a value not of the key's JSON types (``None`` counts as absent)."""
    for key, value in mapping.items():
        if key not in fields:
            raise OfflineAPIError(f"Unknown parameter: '{where}{key}'.", f"{where}{key}", "unknown_parameter")
        kinds = fields[key]
        if value is not None and kinds and (not isinstance(value, kinds) or value is True or value is False):
            _check_type(value, kinds, f"{where}{key}")  # (named only when it may be wrong: most values are right)


def _check_value(value: Any, allowed: Sequence[str], where: str) -> None:
    """Refuse ``value`` unless it is one of ``allowed``."""
    if value not in allowed:
        quoted = [f"'{v}'" for v in allowed]
        listed = quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f", and {quoted[-1]}"
        message = f"Invalid value: '{value}'. Supported values are: {listed}."
        raise OfflineAPIError(message, where, "invalid_value")


def _missing(where: str) -> OfflineAPIError:
    return OfflineAPIError(f"Missing required parameter: '{where}'.", where, "missing_required_parameter")


def _require(mapping: Mapping[str, Any], key: str, kinds: tuple[type, ...], where: str) -> Any:
    """``mapping[key]``, which must be present and of one of ``kinds``."""
    if mapping.get(key) is None:
        raise _missing(where)
    _check_type(mapping[key], kinds, where)
    return mapping[key]


def _check_range(value: Any, key: str, kind: str, low: float, high: float = math.inf) -> None:
    """Refuse a number outside ``low``..``high`` (``kind``: "decimal" or "integer", as the API names it)."""
    if value is not None and (value < low or value > high):
        side, limit, sign, bound = ("above", "max", "<=", high) if value > high else ("below", "min", ">=", low)
        raise OfflineAPIError(f"Invalid '{key}': {kind} {side} {limit}imum value. Expected a value {sign} {bound}, "
                              f"but got {value} instead.", key, f"{kind}_{side}_{limit}_value")


def check_body(body: Any, *, compact: bool = False) -> None:
    """Check a body's top-level parameters (``compact``: a ``/responses/compact`` body)."""
    _check_object(body)
    _check_fields(body, _COMPACT_FIELDS if compact else _REQUEST_FIELDS, "")
    if isinstance(body.get("prompt"), dict):  # a prompt saved in the dashboard: the offline model holds none
        saved = body["prompt"].get("id")
        raise OfflineAPIError(f"Prompt with id '{saved}' not found: the offline model holds no saved prompts; send its "
                              "text as instructions instead.", "prompt.id", "not_found", status=404)
    if not body.get("model"):
        raise _missing("model")
    if "input" in body and body["input"] is None and not compact:
        _check_type(None, _REQUEST_FIELDS["input"], "input")
    if body.get("conversation") is not None and body.get("previous_response_id") is not None:
        raise OfflineAPIError("Only one of 'previous_response_id' or 'conversation' may be provided.",
                              "conversation", "invalid_request_error")
    _check_range(body.get("temperature"), "temperature", "decimal", 0, 2)
    _check_range(body.get("top_p"), "top_p", "decimal", 0, 1)
    for key, value in (body.get("metadata") or {}).items() if isinstance(body.get("metadata"), dict) else ():
        if isinstance(value, str) and len(value) > 512:  # (the real API's limits: 16 pairs, values up to 512 characters)
            raise OfflineAPIError(f"Invalid 'metadata.{key}': string too long. Expected a string with maximum length 512, "
                                  f"but got a string with length {len(value)} instead.", f"metadata.{key}",
                                  "string_above_max_length")
    if isinstance(body.get("metadata"), dict) and len(body["metadata"]) > 16:
        raise OfflineAPIError(f"Invalid 'metadata': too many properties. Expected an object with at most 16 properties, "
                              f"but got an object with {len(body['metadata'])} properties instead.", "metadata",
                              "object_above_max_properties")
    model = str(body.get("model")).lower()
    reasons = model.startswith(("o1", "o3", "o4")) or model.split("-20")[0] in ("gpt-5", "gpt-5-mini", "gpt-5-nano")
    for key in ("temperature", "top_p"):  # a reasoning model samples its own way: the real API refuses these
        if reasons and body.get(key) not in (None, 1):  # (its default, 1, is taken)
            raise OfflineAPIError(f"Unsupported parameter: '{key}' is not supported with this model.", key,
                                  "unsupported_parameter")
    effort = (body.get("reasoning") or {}).get("effort") if isinstance(body.get("reasoning"), dict) else None
    for where, value, allowed in (("reasoning.effort", effort, ("none", "minimal", "low", "medium", "high", "xhigh")),
                                  ("reasoning.summary", (body.get("reasoning") or {}).get("summary"),
                                   ("auto", "concise", "detailed")),
                                  ("text.verbosity", (body.get("text") or {}).get("verbosity"), ("low", "medium", "high"))):
        if value is not None:  # a misspelt level is refused by name, as the real API refuses it
            _check_value(value, allowed, where)
    if effort is not None and model.startswith(("gpt-4", "gpt-3.5", "chatgpt")):  # nor a reasoning effort of a
        raise OfflineAPIError("Unsupported parameter: 'reasoning.effort' is not supported with this model.",  # model
                              "reasoning.effort", "unsupported_parameter")  # that does not reason (gpt-4o, gpt-4.1)
    tools = body.get("tools") or []
    for j, tool in enumerate(tools):
        _check_tool(tool, f"tools[{j}]")
    choice = body.get("tool_choice")
    if isinstance(choice, str):
        _check_value(choice, ("none", "auto", "required"), "tool_choice")
        if choice == "required" and not tools:  # a call demanded, and none offered: the real API refuses it
            raise OfflineAPIError("Tool choice 'required' must be specified with 'tools' parameter.", "tool_choice",
                                  "invalid_value")
    elif choice is not None and _require(choice, "type", (str,), "tool_choice.type") == "function":
        _require(choice, "name", (str,), "tool_choice.name")
        if choice["name"] not in {tool.get("name") for tool in tools if tool.get("type") == "function"}:
            raise OfflineAPIError(f"Tool choice '{choice.get('name')}' not found in 'tools' parameter.",
                                  "tool_choice", "invalid_value")
    _check_range(body.get("max_output_tokens"), "max_output_tokens", "integer", 16)
    if body.get("truncation") is not None:
        _check_value(body["truncation"], ("auto", "disabled"), "truncation")
    form = (body.get("text") or {}).get("format")
    if form is not None:
        _check_type(form, (dict,), "text.format")
        _check_value(form.get("type"), sorted(_FORMAT_FIELDS), "text.format.type")
        _check_fields(form, _FORMAT_FIELDS[form["type"]], "text.format.")
        if form["type"] == "json_object" and "json" not in f"{body.get('instructions') or ''} {body.get('input')}".lower():
            raise OfflineAPIError("Response input messages must contain the word 'json' in some form to use 'text.format' "
                                  "of type 'json_object'.", "input", "invalid_request_error")  # as the real API does
        if form["type"] == "json_schema":
            name = _require(form, "name", (str,), "text.format.name")
            _check_name(name, "text.format.name")
            _check_schema(_require(form, "schema", (dict,), "text.format.schema"), "text.format.schema",
                          f"response_format '{name}'", "invalid_json_schema")
            if form.get("strict") is True and (problem := _strict_problem(json.dumps(form["schema"]))):
                raise OfflineAPIError(f"Invalid schema for response_format '{name}': {problem}", "text.format.schema",
                                      "invalid_json_schema")
    if compact and not input_items(body) and not body.get("previous_response_id"):
        raise _missing("input")


def check_conversation_body(body: Any, action: str) -> dict[str, Any]:
    """Check a Conversations API body (``action``: "create", "update" or "items"); return it."""
    _check_object(body)
    _check_fields(body, _CONVERSATION_FIELDS[action], "")
    if action != "create":
        key = "metadata" if action == "update" else "items"
        _require(body, key, _CONVERSATION_FIELDS[action][key], key)
    return body


def _check_name(name: str, where: str) -> None:
    """A tool's or a schema's name is letters, digits, "_" and "-" only, as the real API requires ("bad name!" is refused)."""
    if not name or not all(c.isascii() and (c.isalnum() or c in "_-") for c in name):
        raise OfflineAPIError(f"Invalid '{where}': string does not match pattern. Expected a string that matches the "
                              "pattern '^[a-zA-Z0-9_-]+$'.", where, "invalid_value")


def _check_tool(tool: Any, where: str) -> None:
    """Check one tool definition (a Chat Completions shape lacks ``name``: refused)."""
    _check_type(tool, (dict,), where)
    kind = tool.get("type")
    _check_type(kind, (str,), f"{where}.type")
    _check_value(kind, sorted(_TOOL_FIELDS), f"{where}.type")
    if kind in ("function", "custom") and tool.get("name") is None:
        raise _missing(f"{where}.name")
    if kind in ("function", "custom") and isinstance(tool["name"], str):
        _check_name(tool["name"], f"{where}.name")
    _check_fields(tool, _TOOL_FIELDS[kind], f"{where}.")
    if kind == "function":
        _check_schema(tool.get("parameters") or {}, f"{where}.parameters", f"function '{tool['name']}'",
                      "invalid_function_parameters")
        if tool.get("strict") is True and (problem := _strict_problem(json.dumps(tool.get("parameters") or {}))):
            raise OfflineAPIError(f"Invalid schema for function '{tool['name']}': {problem}", f"{where}.parameters",
                                  "invalid_function_parameters")


@functools.lru_cache(maxsize=256)
def _strict_problem(schema_json: str) -> str | None:
    """What strict mode refuses in a schema (as JSON text), as the real API words it: an object without
    ``"additionalProperties": false``, or one whose ``required`` leaves a property out; else ``None``."""
    pending: list[tuple[Any, tuple[str, ...]]] = [(json.loads(schema_json), ())]
    while pending:
        schema, context = pending.pop(0)
        if not isinstance(schema, Mapping):
            continue
        if schema.get("type") == "object" or "properties" in schema:
            if schema.get("additionalProperties") is not False:
                return f"In context={context}, 'additionalProperties' is required to be supplied and to be false."
            missing = [key for key in schema.get("properties") or {} if key not in (schema.get("required") or [])]
            if missing:
                return (f"In context={context}, 'required' is required to be supplied and to be an array including every "
                        f"key in properties. Missing '{missing[0]}'.")
        for key, value in schema.items():
            if key in ("properties", "$defs", "definitions") and isinstance(value, Mapping):
                pending += [(sub, (*context, key, name)) for name, sub in value.items()]
            elif key in ("items", "additionalProperties") and isinstance(value, Mapping):
                pending.append((value, (*context, key)))
            elif key in ("anyOf", "allOf", "oneOf", "prefixItems") and isinstance(value, list):
                pending += [(sub, (*context, key, str(n))) for n, sub in enumerate(value)]
    return None


def _check_schema(schema: Any, where: str, owner: str, code: str) -> None:
    """Refuse a JSON schema (a tool's ``parameters``, a structured output's ``schema``) that breaks the JSON
    Schema meta-schema, as the API does: "Invalid schema for function 'f': 'x' is not of type 'object'..."."""
    problem = _schema_problem(json.dumps(schema))
    if problem is not None:
        raise OfflineAPIError(f"Invalid schema for {owner}: {problem}", where, code)


@functools.lru_cache(maxsize=256)  # a schema is sent with every request: checked once
def _schema_problem(schema_json: str) -> str | None:
    """The first keyword of a schema (as JSON text), or of a schema inside it, whose value has the wrong shape
    (``"required": "x"``): the meta-schema's checks, without importing ``jsonschema`` (seconds per process)."""
    pending: list[tuple[Any, str]] = [(json.loads(schema_json), "")]
    while pending:
        schema, at = pending.pop(0)
        if not isinstance(schema, (Mapping, bool)):
            return f"{_json_name(schema)} is not a schema (an object or a boolean) (at '{at}')."
        for key, value in schema.items() if isinstance(schema, Mapping) else ():
            where, shape = f"{at}.{key}".lstrip("."), _KEYWORD_SHAPES.get(key)
            if not _has_shape(value, shape):
                return f"'{key}' must be {shape}, not {_json_name(value)} (at '{where}')."
            if shape == "a schema":
                pending.append((value, where))
            elif shape == "an object of schemas":
                pending += [(sub, f"{where}.{name}") for name, sub in value.items()]
            elif shape == "a non-empty array of schemas":
                pending += [(sub, f"{where}.{i}") for i, sub in enumerate(value)]
    return None


def _has_shape(value: Any, shape: str | None) -> bool:
    """Whether ``value`` has the shape :data:`_KEYWORD_SHAPES` names (a keyword without one takes anything)."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return {"an object of schemas": isinstance(value, Mapping), "a number": number,
            "a non-empty array of schemas": isinstance(value, list) and bool(value),
            "a non-negative integer": number and float(value).is_integer() and value >= 0,
            "a string": isinstance(value, str), "an array": isinstance(value, list),
            "an array of strings": isinstance(value, list) and all(isinstance(v, str) for v in value),
            "a boolean": isinstance(value, bool),
            "a type name (or array)": all(t in _SCHEMA_TYPES for t in (value if isinstance(value, list) else [value])),
            }.get(shape, True)


def input_items(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A body's ``input`` as a list of items (a string becomes one user message; anything else none)."""
    raw = body.get("input")
    if isinstance(raw, str):
        return [{"role": "user", "content": raw}]
    return list(raw) if isinstance(raw, list) else []


def _check_parts(parts: Sequence[Any], allowed: tuple[str, ...], where: str) -> None:
    """Check content parts (a message's ``content``, a tool output given as parts, a reasoning summary)."""
    for j, part in enumerate(parts):
        kind = part.get("type") if isinstance(part, Mapping) else None
        if kind not in allowed:
            _check_value(kind, allowed, f"{where}[{j}].type")
        _check_fields(part, _PART_FIELDS[kind], f"{where}[{j}].")
        if kind in _PART_REQUIRED:
            _require(part, _PART_REQUIRED[kind], (str,), f"{where}[{j}].{_PART_REQUIRED[kind]}")


def _check_item(item: Any, where: str) -> None:
    """Check one input item on its own: keys, types, values."""
    _check_type(item, (dict,), where)
    if item.get("type") is not None:
        _check_type(item["type"], (str,), f"{where}.type")
    kind = item_type(item)
    if kind not in _ITEM_FIELDS:
        raise OfflineAPIError(f"Invalid value: '{kind}'. The offline model does not accept this item type.",
                              f"{where}.type", "invalid_value")
    _check_fields(item, _ITEM_FIELDS[kind], f"{where}.")
    if kind == "message":
        _check_value(item.get("role"), ("assistant", "system", "developer", "user"), f"{where}.role")
        content = _require(item, "content", (str, list), f"{where}.content")
        if isinstance(content, list):
            allowed = ("output_text", "refusal") if item["role"] == "assistant" else _INPUT_PARTS
            _check_parts(content, allowed, f"{where}.content")
    elif kind == "compaction":
        content = _require(item, "encrypted_content", (str,), f"{where}.encrypted_content")
        try:
            read_compaction(content)
        except ValueError:
            message = f"The encrypted content for item {item.get('id') or where} could not be verified."
            raise OfflineAPIError(message, f"{where}.encrypted_content", "invalid_encrypted_content") from None
    elif kind in NAMED_OUTPUTS:
        output = _require(item, "output", (str, list), f"{where}.output")
        if isinstance(output, list):
            _check_parts(output, _INPUT_PARTS, f"{where}.output")
    elif kind == "reasoning":
        _check_parts(_require(item, "summary", (list,), f"{where}.summary"), ("summary_text",), f"{where}.summary")


def check_items(items: Sequence[Any], history: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """Check input items, each on its own, then the pairing rules over ``history`` and them together (so a
    request continuing a stored response may answer a tool call only the stored conversation holds).

    Returns:
        The items, as a new list.

    Raises:
        OfflineAPIError: For the first rule they break.
    """
    items = list(items)
    for i, item in enumerate(items):
        _check_item(item, f"input[{i}]")
    everything = [*history, *items]
    calls: set[Any] = set()
    answered: set[Any] = set()
    item_ids: set[str] = set()
    for i, item in enumerate(everything):
        if item.get("id") is not None:
            if item["id"] in item_ids:
                raise OfflineAPIError(f"Duplicate item found with id {item['id']}. Remove duplicate items "
                                      "from your input and try again.", "input")
            item_ids.add(item["id"])
        pair = pair_key(item)
        if pair is not None:
            if pair[0] != "call" and pair[1] not in calls:
                raise OfflineAPIError(f"No tool call found for function call output with call_id "
                                      f"{item.get('call_id')}.")
            seen = calls if pair[0] == "call" else answered
            if pair[1] in seen:
                where = f"input[{i - len(history)}]"
                raise OfflineAPIError(f"Duplicate value for 'call_id' of {item.get('call_id')} in '{where}'.",
                                      f"{where}.call_id")
            seen.add(pair[1])
        elif item_type(item) == "reasoning" and i >= len(history):  # (one stored before is not checked again: a
            # conversation whose item after it was deleted takes new items)
            follower = everything[i + 1] if i + 1 < len(everything) else None
            if (not isinstance(follower, Mapping) or item_type(follower) not in ("message", *NAMED_CALLS)
                    or follower.get("role") == "user"):
                raise OfflineAPIError(f"Item '{item.get('id')}' of type 'reasoning' was provided without its "
                                      "required following item.")
    # A call may be left open only at the very end; once a message follows, its output is missing.
    last_message = max((i for i, item in enumerate(everything) if item_type(item) == "message"), default=-1)
    for i, item in enumerate(everything):
        pair = pair_key(item)
        if pair is not None and pair[0] == "call" and pair[1] not in answered and i < last_message:
            raise OfflineAPIError(f"No tool output found for function call {item.get('call_id')}.")
    return items


def check_request(body: Any, history: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """Check a ``POST /v1/responses`` body (after ``history``, what it continues); return its input items."""
    check_body(body)
    return check_items(input_items(body), history)


def check_compact_request(body: Any, history: Sequence[Mapping[str, Any]] = ()) -> list[dict[str, Any]]:
    """Check a ``POST /v1/responses/compact`` body; return its input items (none: a missing ``input``)."""
    check_body(body, compact=True)
    return check_items(input_items(body), history)
