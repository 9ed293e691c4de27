"""The offline model: a fake Responses API that lives inside your Python process.

memlab's notebooks and tests run with no network and no API key, yet they use
the *real* stack: the Agents SDK's ``OpenAIResponsesModel`` calls the *real*
``openai.AsyncOpenAI`` client, which sends a real HTTP request. Only the last
hop is fake: the client's HTTP transport is an ``httpx2.MockTransport`` whose
handler is an :class:`OfflineAPI`. It answers ``POST /v1/responses`` like the
real service:

1. **It checks the request** the way the API does and answers HTTP 400 with
   the API's error JSON, so the client raises ``openai.BadRequestError``. A
   history that a memory policy broke (a tool output without its call, a
   reasoning item without what followed it, a stray ``metadata`` key) fails
   offline exactly where it would fail live.
2. **It replies deterministically** from what the request contains: it calls a
   support tool when the user's message asks for one, answers from a tool's
   result, answers "what was my order number?" from facts *present in its
   input* (and says plainly when they are not — trimming's amnesia made
   visible), and writes an extractive, sectioned summary when asked to.
3. **It reports usage** in real ``o200k_base`` tokens (:mod:`memlab.tokens`).

Switch the whole SDK over with one call::

    from memlab import offline
    print(offline.configure())   # "memlab mode: offline — ..."
    offline.current_api().last_input()   # what the model saw on its last call

With ``MEMLAB_LIVE=1`` and ``OPENAI_API_KEY`` set, :func:`configure` installs
the real client instead: the same code then talks to the real service.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import re
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx2
import openai
from openai.types.responses import (
    ResponseInputFileParam,
    ResponseInputImageParam,
    ResponseInputTextParam,
    ResponseOutputRefusalParam,
    ResponseOutputTextParam,
)
from openai.types.responses import response_create_params as _create_params
from openai.types.responses import response_input_item_param as _item_params

from .prompts import MUST_KEEP_RULE, SUMMARY_PROMPT_TITLE, SUMMARY_SECTIONS
from .summarizing import LLMSummarizer
from .tokens import count_items, count_text, count_tools, encoding
from .turns import item_text, item_type

__all__ = [
    "FACT_PATTERNS",
    "JUDGE_PROMPT_TITLE",
    "LIVE_DESCRIPTION",
    "OFFLINE_DESCRIPTION",
    "OfflineAPI",
    "OfflineAPIError",
    "OfflineSummarizer",
    "ServedRequest",
    "check_request",
    "configure",
    "current_api",
    "find_facts",
    "offline_client",
    "reply_item",
]

#: First line of memlab's LLM-as-judge prompt (built by :func:`memlab.evals.judge_prompt`);
#: the offline model recognises a grading request by it and grades deterministically.
JUDGE_PROMPT_TITLE = "# Task: grade a handover note against its conversation"

OFFLINE_DESCRIPTION = "memlab mode: offline — a local fake of the Responses API; no network, no API key"
LIVE_DESCRIPTION = "memlab mode: live — the real OpenAI Responses API (requests use your API key and cost money)"

# --------------------------------------------------------------------------
# Facts: what the offline model can recall, and how it recognises each kind.
# --------------------------------------------------------------------------

#: Regexes for the kinds of facts a support conversation plants. Group 1 (if
#: any) is the value; otherwise the whole match is.
FACT_PATTERNS: dict[str, re.Pattern[str]] = {
    "order_number": re.compile(r"\bORD-\d{5}\b"),
    "serial": re.compile(r"\bSN-[A-Z0-9]{8}\b"),
    "error_code": re.compile(r"\bE-\d{4}\b"),
    "ticket_id": re.compile(r"\bTCK-\d{6}\b"),
    "contact_channel": re.compile(
        r"\b(?:prefer(?:s|red)?|contact me|reach me)\b[^.?!\n]*?\b(email|SMS|phone|WhatsApp)\b",
        re.IGNORECASE,
    ),
}

# How a question asks for each kind of fact, and how the answer names it.
_QUESTIONS: dict[str, tuple[re.Pattern[str], str]] = {
    "order_number": (re.compile(r"\border (?:number|id)\b", re.I), "order number"),
    "serial": (re.compile(r"\bserial\b", re.I), "serial number"),
    "error_code": (re.compile(r"\b(?:error )?code\b", re.I), "error code"),
    "ticket_id": (re.compile(r"\bticket (?:number|id)\b", re.I), "ticket number"),
    "contact_channel": (re.compile(r"\bcontact|\breach me\b|\bchannel\b", re.I), "preferred contact channel"),
}
_RECALL = re.compile(r"\b(?:what|which|how|remind|remember)\b", re.I)


def find_facts(text: str) -> dict[str, list[str]]:
    """All fact values in ``text``, by kind, in order of appearance.

    Args:
        text: Any text (a message, a tool output, a summary).

    Returns:
        ``{kind: [value, ...]}`` for every kind of :data:`FACT_PATTERNS` found.
    """
    found: dict[str, list[str]] = {}
    for kind, pattern in FACT_PATTERNS.items():
        values = [m.group(1) if pattern.groups else m.group(0) for m in pattern.finditer(text)]
        if values:
            found[kind] = values
    return found


# --------------------------------------------------------------------------
# Request checks: the rules the real API enforces on ``input``.
# --------------------------------------------------------------------------


class OfflineAPIError(Exception):
    """A request the real API would reject with HTTP 400.

    Args:
        message: The API's error message.
        param: The request parameter at fault (``"input"``, ``"input[3].metadata"``).
        code: The API's error code, if it gives one.
    """

    def __init__(self, message: str, param: str | None = "input", code: str | None = None) -> None:
        super().__init__(message)
        self.message, self.param, self.code = message, param, code

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
}
_PART_KEYS: dict[str, frozenset[str]] = {
    "input_text": _keys(ResponseInputTextParam),
    "input_image": _keys(ResponseInputImageParam),
    "input_file": _keys(ResponseInputFileParam),
    "output_text": _keys(ResponseOutputTextParam),
    "refusal": _keys(ResponseOutputRefusalParam),
}
_REQUEST_KEYS = _keys(_create_params.ResponseCreateParamsBase) | {"stream"}
_ROLES = ("assistant", "system", "developer", "user")
_CALLS = ("function_call", "custom_tool_call")
_OUTPUTS = ("function_call_output", "custom_tool_call_output")


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
    allowed = ("output_text", "refusal") if role == "assistant" else ("input_text", "input_image", "input_file")
    for j, part in enumerate(content):
        at = f"{where}.content[{j}]"
        kind = part.get("type") if isinstance(part, Mapping) else None
        if kind not in allowed:
            raise OfflineAPIError(f"Invalid value: '{kind}'. Supported values are: {_supported(allowed)}.", f"{at}.type", "invalid_value")
        for key in part:
            if key not in _PART_KEYS[kind]:
                raise OfflineAPIError(f"Unknown parameter: '{at}.{key}'.", f"{at}.{key}", "unknown_parameter")


def check_request(body: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Validate a ``POST /v1/responses`` body like the real API.

    Args:
        body: The decoded JSON request.

    Returns:
        The ``input`` as a list of items (a string input becomes one user message).

    Raises:
        OfflineAPIError: For the first rule the request breaks.
    """
    for key in body:
        if key not in _REQUEST_KEYS:
            raise OfflineAPIError(f"Unknown parameter: '{key}'.", key, "unknown_parameter")
    if not body.get("model"):
        raise OfflineAPIError("Missing required parameter: 'model'.", "model", "missing_required_parameter")
    limit = body.get("max_output_tokens")
    if limit is not None and (not isinstance(limit, int) or limit < 16):
        raise OfflineAPIError(
            f"Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, but got {limit} instead.",
            "max_output_tokens", "integer_below_min_value",
        )
    raw = body.get("input", [])
    items = [{"role": "user", "content": raw}] if isinstance(raw, str) else list(raw)
    call_ids: set[str] = set()
    answered: set[str] = set()
    item_ids: set[str] = set()
    for i, item in enumerate(items):
        where = f"input[{i}]"
        if not isinstance(item, Mapping):
            raise OfflineAPIError(f"Invalid type for '{where}': expected an object.", where, "invalid_type")
        kind = item_type(item)
        if kind not in _ITEM_KEYS:
            raise OfflineAPIError(f"Invalid value: '{kind}'. The offline model does not accept this item type.", f"{where}.type", "invalid_value")
        for key in item:
            if key not in _ITEM_KEYS[kind]:
                raise OfflineAPIError(f"Unknown parameter: '{where}.{key}'.", f"{where}.{key}", "unknown_parameter")
        if item.get("id") is not None:
            if item["id"] in item_ids:
                raise OfflineAPIError(
                    f"Duplicate item found with id {item['id']}. Remove duplicate items from your input and try again.", "input"
                )
            item_ids.add(item["id"])
        if kind == "message":
            _check_message(item, where)
        elif kind in _CALLS:
            if item.get("call_id") in call_ids:
                raise OfflineAPIError(f"Duplicate value for 'call_id' of {item.get('call_id')} in '{where}'.", f"{where}.call_id")
            call_ids.add(item.get("call_id"))
        elif kind in _OUTPUTS:
            call_id = item.get("call_id")
            if call_id not in call_ids:
                raise OfflineAPIError(f"No tool call found for function call output with call_id {call_id}.")
            if call_id in answered:
                raise OfflineAPIError(f"Duplicate value for 'call_id' of {call_id} in '{where}'.", f"{where}.call_id")
            answered.add(call_id)
        elif kind == "reasoning":
            follower = items[i + 1] if i + 1 < len(items) else None
            if not isinstance(follower, Mapping) or item_type(follower) not in ("message", *_CALLS) or follower.get("role") == "user":
                raise OfflineAPIError(f"Item '{item.get('id')}' of type 'reasoning' was provided without its required following item.")
    # A call may be left open only at the very end; once a message follows, its output is missing.
    last_message = max((i for i, item in enumerate(items) if item_type(item) == "message"), default=-1)
    for i, item in enumerate(items):
        if item_type(item) in _CALLS and item.get("call_id") not in answered and i < last_message:
            raise OfflineAPIError(f"No tool output found for function call {item.get('call_id')}.")
    return items


# --------------------------------------------------------------------------
# Replies: what the offline model says, decided from the request alone.
# --------------------------------------------------------------------------

# Tools the model calls when the newest user message asks for them. Each rule:
# tool name, trigger regex, and the fact kind its single argument needs.
_TOOL_RULES: tuple[tuple[str, re.Pattern[str], str | None], ...] = (
    ("create_ticket", re.compile(r"\b(?:open|create|file|raise)\b.*\bticket\b", re.I), None),
    ("run_diagnostics", re.compile(r"\bdiagnos|\btests?\b|\bscan\b", re.I), "serial"),
    ("check_warranty", re.compile(r"\bwarrant|\bcovered\b", re.I), "serial"),
    ("lookup_order", FACT_PATTERNS["order_number"], "order_number"),
)
_ARGUMENT_NAMES = {"serial": "serial", "order_number": "order_id"}

# Canned support answers, first match wins. Plain advice: no identifiers, so a
# fact survives only where the conversation itself put it.
_ADVICE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bthank|\bbye\b", re.I),
     "You're welcome! Everything we did today stays on your account, so whoever picks this up next can see it. "
     "Is there anything else I can help with?"),
    (re.compile(r"\bdone\b|\bworks\b|\bgone\b|\bnormal\b|\ball good\b", re.I),
     "Good. Let's watch it for a day; if the problem comes back, tell me and we'll dig deeper. "
     "Note the time it happens and anything you changed just before, as that usually points straight at the cause."),
    (re.compile(r"\bmissing\b", re.I),
     "I'm sorry an item is missing. I can open a ticket so the warehouse checks the packing record and ships "
     "the missing item to you; you don't need to send anything back."),
    (re.compile(r"\brepair\b", re.I),
     "For a repair we send you a prepaid box; the fix takes about five business days once it reaches us. "
     "Back up your files first and remove any accounts or passwords you don't want us to see."),
    (re.compile(r"\btried\b|\brestart|\breboot|\breset\b|\bunplugged\b|\bstill\b|\bheld\b", re.I),
     "Thanks for trying that. The next step is a remote check: I can run diagnostics on the device. "
     "It takes about two minutes, doesn't touch your files, and tells us whether a part has failed."),
    (re.compile(r"\bred\b.*\b(?:light|led)\b|\bblink", re.I),
     "A blinking red light usually means the battery is not charging. Unplug the charger, "
     "hold the power button for 15 seconds, then plug it back in and watch the light. "
     "If it turns solid amber within a minute, the battery is charging again."),
    (re.compile(r"\bfan\b|\bhot\b|\bnois", re.I),
     "A loud, hot fan is often dust or a busy background process. Keep the vents clear, check the task manager "
     "for anything using a lot of CPU, and tell me if it persists after a restart."),
    (re.compile(r"\bscreen\b|\bdisplay\b|\bflicker", re.I),
     "Screen problems are often the cable or the driver. Does it also happen on an external monitor? "
     "If the external screen is fine, the laptop's own panel or its driver is the suspect."),
    (re.compile(r"\bexternal monitor\b|\bdriver\b", re.I),
     "Then the laptop's own panel driver is the likely cause. Please install the newest graphics driver from our "
     "support page and restart; battery saver settings can also change the panel's refresh behaviour."),
    (re.compile(r"\bbattery|\bcharg", re.I),
     "That points to the power path. Try another outlet and check that the adapter's own light is on; "
     "a damaged cable near the plug is a common cause."),
    (re.compile(r"\bfirmware\b|\bupdate", re.I),
     "Updating the firmware is a good idea. Keep the device plugged in and don't restart it until it finishes; "
     "the update fixes several known stability problems."),
    (re.compile(r"\bwi-?fi\b|\brouter\b|\binternet\b|\bdisconnect", re.I),
     "Let's check the router: unplug it for 30 seconds, plug it back in, and tell me which lights come on. "
     "Evening drops are often interference from neighbours' networks, which newer firmware handles better."),
    (re.compile(r"\bno sound\b|\baudio\b", re.I),
     "Check the balance slider in your phone's sound settings and gently clean the earbud's mesh with a dry brush. "
     "Earwax on the mesh is the most common reason one side goes quiet."),
    (re.compile(r"\bbluetooth\b|\bheadset\b|\bearbuds?\b|\bpair", re.I),
     "Let's re-pair it: remove the device from your Bluetooth list, then hold its pairing button for 5 seconds "
     "until the light flashes, and pick it again from your phone's list."),
    (re.compile(r"\bpassword\b|\bsign[- ]?in\b|\blog ?in\b", re.I),
     "You can reset it from the sign-in page with 'Forgot password'; the link expires after 30 minutes. "
     "If the email doesn't arrive, check your spam folder."),
    (re.compile(r"\bopening hours\b|\bopen\b.*\bwhen\b", re.I),
     "Our support line is open Monday to Friday, 8:00 to 20:00, and this chat is staffed around the clock."),
    (re.compile(r"\bssd\b|\bslot\b|\bupgrade", re.I),
     "Most of our 14-inch laptops have a free M.2 slot; your model's spec sheet lists it under Storage. "
     "Fitting a second drive doesn't affect the warranty."),
    (re.compile(r"\bkeyboard\b|\bbacklight\b", re.I),
     "By default the backlight turns off after 30 seconds idle; you can change that in the keyboard settings "
     "under Backlight timeout."),
    (re.compile(r"\bslow\b|\blag|\bfreez", re.I),
     "Slowness often comes from background apps. Please restart once and check whether it improves; "
     "if not, the diagnostics can check the storage drive."),
    (re.compile(r"\bdouble-check\b|\bwrap up\b", re.I), "Of course, ask away."),
    (re.compile(r"\bok(?:ay)?\b|\bsounds good\b|\bgreat\b", re.I),
     "Sounds good. Let me know when you're ready and we'll continue from here."),
)
_FALLBACK = "Understood. Could you tell me a bit more: what exactly happens, and since when?"


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()[:24]


def _input_fingerprint(items: Sequence[Mapping[str, Any]]) -> str:
    """A hash of what the input *says*, ignoring ids and key order.

    Ids are derived from it, so they are deterministic, unique within a growing
    session, and the same whether an item came from the Runner or from
    :func:`memlab.scenario.transcript`.
    """
    return _digest([(item_type(it), it.get("role"), it.get("call_id"), item_text(it)) for it in items])


def _tool_reply(name: str, output: str) -> str:
    """The assistant's answer after a support tool returned ``output``.

    Like a real agent's: the result first, then the detail that matters and
    what happens next — so a reply carries roughly what a model would write.
    """
    try:
        data = json.loads(output)
    except (TypeError, ValueError):
        data = None
    if not isinstance(data, dict):
        return f"Here is what {name} returned: {output}"
    if "error" in data:
        return f"I couldn't complete that: {data['error']}. Could you check the value and send it again?"
    if name == "lookup_order":
        last = (data.get("tracking_events") or [{}])[-1].get("event", "no carrier events yet")
        return (
            f"Order {data['order_id']} ({data['product']}) is {data['status']}: {data['detail']}. "
            f"The carrier's latest event reads \"{last}\". If something in it is wrong or missing, you have "
            f"{data.get('return_window_days', 30)} days to report it and I can arrange a replacement or a return."
        )
    if name == "check_warranty":
        terms = ", ".join(data.get("covers", [])) or "manufacturing defects"
        if data["covered"]:
            return (
                f"Good news: serial {data['serial']} is covered by the {data['plan']} plan until {data['expires']}. "
                f"The plan covers {terms}; a repair under it is free and uses a prepaid box."
            )
        return (
            f"Serial {data['serial']} is out of warranty since {data['expires']}, so a repair would be paid. "
            f"I can still quote it for you, or suggest an accessory that fixes the problem."
        )
    if name == "run_diagnostics":
        codes = ", ".join(data["error_codes"]) or "no error codes"
        failed = [t["name"] for t in data.get("tests", []) if t.get("result") == "fail"]
        passed = len(data.get("tests", [])) - len(failed)
        return (
            f"Diagnostics on {data['serial']} reported {codes}: {data['finding']}. "
            f"{passed} of {len(data.get('tests', []))} checks passed; the failing one is {', '.join(failed) or 'none'}. "
            f"That part usually needs a repair rather than a setting change."
        )
    if name == "create_ticket":
        return (
            f"I've opened ticket {data['ticket_id']}; the repair team will follow up within one business day. "
            f"You'll get updates on it through your preferred channel, and you can quote the ticket id any time."
        )
    return f"Here is what {name} returned: {output}"


def _recall(question: str, history: Sequence[Mapping[str, Any]]) -> str | None:
    """Answer a question about an earlier fact from ``history``, or ``None`` if it isn't one."""
    if "?" not in question or not _RECALL.search(question):
        return None
    for kind, (asks, label) in _QUESTIONS.items():
        if not asks.search(question) or find_facts(question).get(kind):
            continue
        values = [v for item in history for v in find_facts(item_text(item)).get(kind, [])]
        if values:  # newest mention wins, as a person would correct themselves
            return f"Your {label} is {values[-1]}."
        return f"I don't know your {label}: it isn't in the conversation I can see. Could you tell me again?"
    return None


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


_SPEAKER = re.compile(r"\s*(USER|ASSISTANT|SYSTEM|DEVELOPER|TOOL CALL|TOOL RESULT|REASONING)\b(?:\s*\[([^\]]*)\])?:\s?(.*)")
_PRODUCT = re.compile(
    r"\b(?!(?:The|My|A|An|Your|This|That|Our) )[A-Z][A-Za-z]*(?: [A-Z0-9][\w-]*)? (?:laptop|router|headset|earbuds|phone|monitor|tablet|printer)\b"
    r"|\bfirmware (?:to )?\d+(?:\.\d+)+|\bBluetooth earbuds\b"
)
#: Section name → (keywords a customer sentence needs, how many newest bullets to keep).
_USER_SECTIONS = {
    "Reported issue": (r"n't|\bnot\b|\bno sound\b|error|blink|drop|broken|fail|missing|loud|hot|flicker|forgot|problem", 2),
    "Steps tried and results": (r"tried|restart|reboot|reset|updat|unplug|power-cycl|clean|installed|held|checked|found", 2),
    "Timeline": (r"yesterday|today|since|ago|last (?:week|month|night|tuesday)|evening|this week|hour later", 2),
}


def _entries(items: Sequence[Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """``(speaker, call_id, text)`` for each transcript entry in the input.

    A summarization request holds one user message with a role-prefixed
    transcript (``USER: ...``, ``TOOL RESULT [call_1]: ...``); a line without a
    prefix continues the entry above it (a multi-line summary, say). Raw items
    sent with the summary prompt are read the same way, one entry each.
    """
    entries: list[list[str]] = []
    for item in items:
        speaker = str(item.get("role") or item_type(item)).upper()
        for line in item_text(item).splitlines():
            match = _SPEAKER.match(line)
            if match:
                entries.append([match.group(1), match.group(2) or "", match.group(3)])
            elif entries and line.strip():
                entries[-1][2] += "\n" + line
            elif line.strip():
                entries.append([speaker, "", line])
    return [(who, call_id, text) for who, call_id, text in entries]


def _previous_summary(entries: list[tuple[str, str, str]]) -> dict[str, list[str]]:
    """The sections of an earlier summary in the transcript (a running summary extends it)."""
    sections: dict[str, list[str]] = {}
    for who, _, text in entries:
        if who != "ASSISTANT" or "## Identifiers" not in text:
            continue
        current = None
        for line in text.splitlines():
            if line.startswith("## "):
                current = sections.setdefault(line[3:].strip(), [])
            elif current is not None and line.startswith("- ") and line[2:].strip() != "none":
                current.append(line[2:].strip())
    return sections


_PREAMBLE = re.compile(
    r"^(?:(?:hi|hello|okay|ok|yes|please|great|also|so|well|thanks)[,!.]?\s+|[A-Za-z]+(?: [A-Za-z]+){0,2}:\s+)+",
    re.IGNORECASE,
)


def _brief(sentence: str) -> str:
    """A bullet from a customer's sentence, without its opening pleasantry or list marker."""
    text = _PREAMBLE.sub("", sentence).strip() or sentence
    return text[0].upper() + text[1:]


def _newest(bullets: list[str], limit: int) -> list[str]:
    """Unique bullets, a repeat counting as its newest mention, the last ``limit`` kept."""
    unique = list(reversed(dict.fromkeys(reversed(bullets))))
    return unique[-limit:]


_INSIGHT_FIELDS = ("error", "status", "finding", "error_codes", "covered", "expires", "ticket_id", "detail")
_JSON_FIELD = re.compile(r'"(%s)":\s*("(?:[^"\\]|\\.)*"|\[[^\]]*\]|true|false|-?\d[\d.]*)' % "|".join(_INSIGHT_FIELDS))


def _tool_insight(name: str, arguments: str, output: str) -> str:
    """One compact line about a tool call: what it was asked and the key fields it returned.

    Fields are read with a pattern rather than a JSON parser, because the
    transcript may have cut a long output short.
    """
    asked = ", ".join(v for values in find_facts(arguments).values() for v in values) or "—"
    fields = dict(reversed(_JSON_FIELD.findall(output)))  # first occurrence wins
    shown = [key + "=" + fields[key].strip('"')[:50] for key in _INSIGHT_FIELDS if key in fields][:1]
    verdict = "failed" if "error" in fields else "ok"
    return f"{name}({asked}) {verdict}: " + ("; ".join(shown) or output[:60])


def _must_keep_listed(instructions: str) -> list[str]:
    """The facts a summary prompt lists under :data:`memlab.prompts.MUST_KEEP_RULE`."""
    lines = instructions.splitlines()
    if MUST_KEEP_RULE not in lines:
        return []
    listed = itertools.takewhile(lambda line: line.startswith("  - "), lines[lines.index(MUST_KEEP_RULE) + 1 :])
    return [json.loads(line[4:]) for line in listed]


def _summarize(items: Sequence[Mapping[str, Any]], must_keep: Sequence[str] = ()) -> str:
    """An extractive, *running* summary in :data:`memlab.prompts.SUMMARY_SECTIONS`.

    It follows the summary prompt's rules as far as a program can: identifiers
    and error codes are copied verbatim (every one, never truncated); the rest
    are the customer's own statements (never their questions), sorted into
    sections by keywords, newest kept; tool calls become one line each. When
    the transcript holds an earlier summary, its bullets are merged in, so a
    summary of a summary neither nests nor forgets. Facts the prompt lists as
    must-keep (``must_keep``) are added verbatim if the note lacks them.
    Nothing is invented.
    """
    entries = _entries(items)
    previous = _previous_summary(entries)
    fresh = [(who, cid, text) for who, cid, text in entries if not (who == "ASSISTANT" and "## Identifiers" in text)]
    user = [_brief(s) for who, _, text in fresh if who == "USER" for s in _sentences(text) if not s.endswith("?")]
    assistant = [s for who, _, text in fresh if who == "ASSISTANT" for s in _sentences(text)]
    all_text = "\n".join(text for _, _, text in entries)

    sections: dict[str, list[str]] = {}
    products = [m.group(0) for _, _, text in fresh for m in _PRODUCT.finditer(text)]
    sections["Product and environment"] = _newest(previous.get("Product and environment", []) + products, 5)
    placed: set[str] = set()  # each customer sentence goes to one section only
    for name, (pattern, limit) in _USER_SECTIONS.items():
        hits = [s for s in user if re.search(pattern, s, re.I) and s not in placed]
        sections[name] = _newest(previous.get(name, []) + hits, limit)
        placed.update(sections[name])

    facts = find_facts(all_text)  # previous identifiers are in the text too, verbatim
    sections["Identifiers"] = [
        f"{kind.replace('_', ' ')}: {', '.join(dict.fromkeys(values))}"
        for kind, values in facts.items() if kind != "contact_channel"
    ]

    calls = {cid: text for who, cid, text in fresh if who == "TOOL CALL"}
    insights = [
        _tool_insight(calls.get(cid, "tool").split("(", 1)[0], calls.get(cid, ""), text)
        for who, cid, text in fresh if who == "TOOL RESULT"
    ]
    sections["Tool performance insights"] = _newest(previous.get("Tool performance insights", []) + insights, 4)

    suggestions = [s for s in assistant if re.search(r"\b(?:next|try|I can|let's|will|should)\b", s, re.I)]
    next_step = suggestions[-1:] or previous.get("Next recommended step", [])[-1:]
    status = [s for s in assistant if s not in next_step][-1:]  # not a repeat of the next step
    status = status or [s for s in previous.get("Current status and blockers", []) if "prefers contact" not in s][:1]
    if "contact_channel" in facts:  # the newest stated preference wins
        status.append(f"Customer prefers contact by {facts['contact_channel'][-1]}.")
    sections["Current status and blockers"] = status
    sections["Next recommended step"] = next_step

    def render() -> str:
        return "\n\n".join(
            f"## {name}\n" + "\n".join(f"- {b}" for b in (sections.get(name) or ["none"])) for name in SUMMARY_SECTIONS
        )

    text = render()
    missing = [fact for fact in must_keep if fact not in text]
    if missing:  # the prompt asked for these verbatim (a cut tool output may have hidden them)
        sections["Identifiers"].append("must keep: " + ", ".join(missing))
        text = render()
    return text


# Identifier kinds the judge checks (a contact preference is not an identifier).
_ID_KINDS = ("order_number", "serial", "error_code", "ticket_id")


def _section(text: str, name: str) -> str | None:
    """The body of Markdown section ``name`` in ``text`` (``None`` if absent)."""
    match = re.search(rf"^#+\s*{re.escape(name)}[^\n]*\n(.*?)(?=^#+\s|\Z)", text, re.M | re.S | re.I)
    return match.group(1).strip() if match else None


def _has_content(body: str | None) -> bool:
    return bool(body) and re.sub(r"[-*\s]", "", body.lower()) not in ("", "none")


def _judge(items: Sequence[Mapping[str, Any]], instructions: str) -> str:
    """Grade a summary against its transcript, as memlab's judge prompt asks.

    The request's last user message holds ``<transcript>`` and ``<summary>``
    blocks; the criteria are the ``- name: ...`` lines of the instructions.
    Known criteria are graded by checking facts, not by taste:

    * ``identifiers_kept``: share of the transcript's identifiers found verbatim;
    * ``no_invented_facts``: 5, minus 2 per identifier the transcript never mentions;
    * ``current_status``: a non-empty status section that names no value the
      conversation later replaced (the newest value of each kind wins);
    * ``next_step``: a non-empty next-step section.

    Any other criterion gets ``null`` with a reason. Returns JSON text.
    """
    text = item_text(items[-1]) if items else ""
    transcript = re.search(r"<transcript>(.*?)</transcript>", text, re.S)
    summary = re.search(r"<summary>(.*?)</summary>", text, re.S)
    source = transcript.group(1) if transcript else ""
    note = summary.group(1) if summary else ""
    said = find_facts(source)
    noted = find_facts(note)
    known = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, []))]
    kept = [v for v in known if v in note]
    invented = [v for kind in _ID_KINDS for v in dict.fromkeys(noted.get(kind, [])) if v not in source]
    status, step = _section(note, "Current status"), _section(note, "Next recommended step")
    superseded = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, [])) if v != said[kind][-1]]
    stale = [v for v in superseded if v in (status or "")]

    def grade(name: str) -> dict[str, Any]:
        if name == "identifiers_kept":
            missing = [v for v in known if v not in kept]
            score = 5 if not known else round(5 * len(kept) / len(known))
            return {"score": score, "reason": f"missing {', '.join(missing)}" if missing else "ok"}
        if name == "no_invented_facts":
            return {"score": max(0, 5 - 2 * len(invented)),
                    "reason": f"not in the transcript: {', '.join(invented)}" if invented else "ok"}
        if name == "current_status":
            if not _has_content(status):
                return {"score": 0, "reason": "no current status section"}
            return {"score": 2 if stale else 5, "reason": f"keeps superseded {', '.join(stale)}" if stale else "ok"}
        if name == "next_step":
            return {"score": 5, "reason": "ok"} if _has_content(step) else {"score": 0, "reason": "no next step given"}
        return {"score": None, "reason": "the offline judge cannot grade this criterion"}

    criteria = re.findall(r"^- ([a-z][a-z0-9_]*):", instructions, re.M)
    return json.dumps({name: grade(name) for name in criteria})


def reply_item(
    items: Sequence[Mapping[str, Any]],
    instructions: str = "",
    tools: Sequence[Mapping[str, Any]] = (),
    fingerprint: str | None = None,
) -> dict[str, Any]:
    """Decide the model's one output item for a (valid) input.

    Args:
        items: The checked input items.
        instructions: The request's instructions.
        tools: The request's tool definitions; only tools offered here are called.
        fingerprint: The input's hash (computed when omitted); ids derive from it.

    Returns:
        A ``function_call`` item or an assistant ``message`` item.
    """
    fingerprint = fingerprint or _input_fingerprint(items)
    if instructions.startswith(SUMMARY_PROMPT_TITLE):
        return _message(_summarize(items, _must_keep_listed(instructions)), fingerprint)
    if instructions.startswith(JUDGE_PROMPT_TITLE):
        return _message(_judge(items, instructions), fingerprint)
    last = items[-1] if items else {}
    if item_type(last) in _OUTPUTS:
        name = next((it.get("name", "") for it in items if it.get("call_id") == last.get("call_id") and item_type(it) in _CALLS), "")
        return _message(_tool_reply(name, item_text(last)), fingerprint)
    question = item_text(last) if item_type(last) == "message" else ""
    history = items[:-1]
    answer = _recall(question, history)
    if answer is not None:
        return _message(answer, fingerprint)
    offered = {tool.get("name") for tool in tools}
    for name, trigger, needs in _TOOL_RULES:
        if name not in offered or not trigger.search(question):
            continue
        if needs is None:
            return _call(name, {"summary": question[:200]}, fingerprint)
        values = find_facts(question).get(needs) or [v for it in history for v in find_facts(item_text(it)).get(needs, [])]
        if values:
            return _call(name, {_ARGUMENT_NAMES[needs]: values[-1]}, fingerprint)
        return _message(f"I can do that once I have the {_QUESTIONS[needs][1]}. Could you share it?", fingerprint)
    advice = next((text for pattern, text in _ADVICE if pattern.search(question)), None)
    channel = find_facts(question).get("contact_channel")
    if channel:  # acknowledge a stated preference, then still help
        advice = f"Noted: you prefer {channel[-1]} for updates." + (f" {advice}" if advice else "")
    return _message(advice or _FALLBACK, fingerprint)


@dataclass
class ServedRequest:
    """One request the offline API answered: what the model saw, and what it said.

    Attributes:
        body: The decoded request JSON (``model``, ``instructions``, ``input``, ``tools``...).
        status: The HTTP status answered (200, or 400 for a rejected request).
        response: The response JSON (or the error JSON for a 400).
    """

    body: dict[str, Any]
    status: int
    response: dict[str, Any] = field(repr=False)

    @property
    def input(self) -> list[dict[str, Any]]:
        """The ``input`` items of the request."""
        raw = self.body.get("input", [])
        return [{"role": "user", "content": raw}] if isinstance(raw, str) else list(raw)


class OfflineAPI:
    """A fake ``POST /v1/responses`` endpoint; use it as an ``httpx2.MockTransport`` handler.

    Args:
        keep: How many served requests :attr:`requests` remembers (oldest dropped first).

    Attributes:
        requests: The newest served requests, oldest first (:class:`ServedRequest`).
    """

    def __init__(self, keep: int = 200) -> None:
        if keep < 1:
            raise ValueError("keep must be at least 1")
        self.requests: deque[ServedRequest] = deque(maxlen=keep)

    # -- the HTTP face -----------------------------------------------------
    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one HTTP request (the ``MockTransport`` handler)."""
        if request.method != "POST" or not request.url.path.endswith("/responses"):
            error = OfflineAPIError(f"Invalid URL ({request.method} {request.url.path})", None, None)
            return httpx2.Response(404, json=error.body())
        try:
            body = json.loads(request.content or b"{}")
        except ValueError:
            return httpx2.Response(400, json=OfflineAPIError("We could not parse the JSON body of your request.", None).body())
        try:
            response = self.respond(body)
        except OfflineAPIError as error:
            self.requests.append(ServedRequest(body, 400, error.body()))
            return httpx2.Response(400, json=error.body())
        self.requests.append(ServedRequest(body, 200, response))
        if body.get("stream"):
            stream = b"".join(self._sse(response))
            return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=stream)
        return httpx2.Response(200, json=response)

    def last_input(self) -> list[dict[str, Any]]:
        """The ``input`` of the newest request: exactly what the model saw last."""
        if not self.requests:
            raise LookupError("the offline API has not served any request yet")
        return self.requests[-1].input

    # -- the model ---------------------------------------------------------
    def respond(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """The Response JSON for a request body (no HTTP involved).

        Args:
            body: A ``POST /v1/responses`` body.

        Returns:
            A completed Response object as JSON.

        Raises:
            OfflineAPIError: If the real API would reject the request.
        """
        items = check_request(body)
        fingerprint = _input_fingerprint(items)
        output = [reply_item(items, body.get("instructions") or "", body.get("tools") or [], fingerprint)]
        tools = body.get("tools") or []
        input_tokens = count_text(body.get("instructions") or "") + count_items(items)
        input_tokens += count_tools(tools)
        output_tokens = count_items(output)
        status, incomplete = "completed", None
        limit = body.get("max_output_tokens")
        if isinstance(limit, int) and output_tokens > limit and output[0]["type"] == "message":
            # Like the real API: stop at the limit and say why the answer is cut short.
            part = output[0]["content"][0]
            part["text"] = encoding().decode(encoding().encode(part["text"], disallowed_special=())[:limit])
            status, incomplete, output_tokens = "incomplete", {"reason": "max_output_tokens"}, limit
        return {
            "id": f"resp_{fingerprint}",
            "object": "response",
            "created_at": 0,
            "status": status,
            "incomplete_details": incomplete,
            "model": body["model"],
            "instructions": body.get("instructions"),
            "output": output,
            "parallel_tool_calls": True,
            "tool_choice": body.get("tool_choice", "auto"),
            "tools": list(tools),
            "usage": {
                "input_tokens": input_tokens,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": output_tokens,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": input_tokens + output_tokens,
            },
        }

    # -- streaming ---------------------------------------------------------
    @staticmethod
    def _sse(response: dict[str, Any]) -> Iterator[bytes]:
        """The Responses streaming events for a finished response, as SSE bytes."""
        events: list[dict[str, Any]] = []
        started = {**response, "status": "in_progress", "output": [], "usage": None}
        events += [{"type": "response.created", "response": started}, {"type": "response.in_progress", "response": started}]
        for index, item in enumerate(response["output"]):
            where = {"output_index": index, "item_id": item["id"]}
            if item["type"] == "function_call":
                events.append({"type": "response.output_item.added", "output_index": index, "item": {**item, "arguments": "", "status": "in_progress"}})
                events.append({"type": "response.function_call_arguments.delta", **where, "delta": item["arguments"]})
                events.append({"type": "response.function_call_arguments.done", **where, "arguments": item["arguments"], "name": item["name"]})
            else:
                text = item["content"][0]["text"]
                part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
                events.append({"type": "response.output_item.added", "output_index": index, "item": {**item, "content": [], "status": "in_progress"}})
                events.append({"type": "response.content_part.added", **where, "content_index": 0, "part": part})
                for chunk in re.findall(r"\S+\s*|\s+", text):
                    events.append({"type": "response.output_text.delta", **where, "content_index": 0, "delta": chunk, "logprobs": []})
                events.append({"type": "response.output_text.done", **where, "content_index": 0, "text": text, "logprobs": []})
                events.append({"type": "response.content_part.done", **where, "content_index": 0, "part": item["content"][0]})
            events.append({"type": "response.output_item.done", "output_index": index, "item": item})
        events.append({"type": "response.completed", "response": response})
        for number, event in enumerate(events):
            event["sequence_number"] = number
            yield f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def _message(text: str, fingerprint: str) -> dict[str, Any]:
    return {
        "id": f"msg_{fingerprint}",
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}],
    }


def _call(name: str, arguments: dict[str, Any], fingerprint: str) -> dict[str, Any]:
    return {
        "id": f"fc_{fingerprint}",
        "type": "function_call",
        "call_id": f"call_{fingerprint}",
        "name": name,
        "arguments": json.dumps(arguments),
        "status": "completed",
    }


# --------------------------------------------------------------------------
# Wiring: a real openai client on the fake transport, and the one-call switch.
# --------------------------------------------------------------------------

_current: OfflineAPI | None = None


def offline_client(api: OfflineAPI | None = None, *, sync: bool = False) -> openai.AsyncOpenAI | openai.OpenAI:
    """A real ``openai`` client whose requests are answered by ``api``.

    Args:
        api: The fake endpoint; a new :class:`OfflineAPI` when omitted.
        sync: Return a synchronous ``openai.OpenAI`` instead of ``AsyncOpenAI``.

    Returns:
        The client. Nothing it sends leaves the process.
    """
    api = api or OfflineAPI()
    transport = httpx2.MockTransport(api)
    options = {"api_key": "offline", "base_url": "https://offline.memlab/v1", "max_retries": 0}
    if sync:
        return openai.OpenAI(http_client=httpx2.Client(transport=transport), **options)
    return openai.AsyncOpenAI(http_client=httpx2.AsyncClient(transport=transport), **options)


class OfflineSummarizer(LLMSummarizer):
    """memlab's ``LLMSummarizer``, talking to an offline API instead of the real one.

    The request still goes over the (fake) wire: same prompt, same transcript,
    same checks of the response as with a live model.

    Args:
        api: The offline endpoint; a new :class:`OfflineAPI` when omitted.
        model: The model name sent with each request.
        **kwargs: Other ``LLMSummarizer`` arguments (``max_tokens``, ``tool_trim_limit``...).
    """

    def __init__(self, api: OfflineAPI | None = None, model: str = "gpt-4.1-mini", **kwargs: Any) -> None:
        self.api = api or OfflineAPI()
        super().__init__(offline_client(self.api), model, **kwargs)


def current_api() -> OfflineAPI | None:
    """The :class:`OfflineAPI` that :func:`configure` installed (``None`` in live mode)."""
    return _current


def configure(mode: str | None = None, *, api: OfflineAPI | None = None) -> str:
    """Point the whole Agents SDK at the offline model, or at the real API.

    Args:
        mode: ``"offline"`` or ``"live"``. ``None`` reads the environment:
            ``MEMLAB_LIVE=1`` means live, anything else offline.
        api: The offline endpoint to install (a new one when omitted).

    Returns:
        A one-line description of the mode, for a notebook to print.

    Raises:
        ValueError: For an unknown ``mode``.
        RuntimeError: For live mode without ``OPENAI_API_KEY``.
    """
    from agents import set_default_openai_api, set_default_openai_client, set_tracing_disabled

    global _current
    if mode is None:
        mode = "live" if os.environ.get("MEMLAB_LIVE", "").strip().lower() in ("1", "true", "yes") else "offline"
    if mode not in ("offline", "live"):
        raise ValueError(f"mode must be 'offline' or 'live', not {mode!r}")
    set_tracing_disabled(True)
    set_default_openai_api("responses")
    if mode == "live":
        if not os.environ.get("OPENAI_API_KEY"):
            raise RuntimeError("MEMLAB_LIVE=1 needs OPENAI_API_KEY; set it, or unset MEMLAB_LIVE to stay offline")
        _current = None
        set_default_openai_client(openai.AsyncOpenAI(), use_for_tracing=False)
        return LIVE_DESCRIPTION
    _current = api or OfflineAPI()
    set_default_openai_client(offline_client(_current), use_for_tracing=False)
    return OFFLINE_DESCRIPTION
