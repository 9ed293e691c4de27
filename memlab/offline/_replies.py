"""The offline model's replies: what it says, decided from the request alone.

It calls a support tool when the user's message asks for one, answers from a
tool's result, answers "what was my order number?" from facts *present in its
input* — and says plainly when they are not (trimming's amnesia made
visible). What people say in their own words ("I work as a nurse", "call me
Bob") and questions about it ("where do I work?") are :mod:`._memory`'s.
Summary and judge requests go to :mod:`._summary` and :mod:`._judge`.

One reply is decided in this order, first match wins: judge or summary
request (memlab's prompts, or a summary prompt of the learner's: see
:mod:`._prompt`); answer from a tool's output; an empty message; a question about a
scenario fact kind (order number, serial, error code, ticket, contact
channel); a question about something else the user said, when the input
answers it; a tool call; "I don't know" for a question about the user the
input doesn't answer; canned advice; "I don't know" for any other question
about something said; a message in another language; an acknowledgement of
what was just said; and else a generic "tell me more".
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..facts import FACT_PATTERNS, find_facts
from ..prompts import JUDGE_PROMPT_TITLE
from ..turns import NAMED_CALLS, NAMED_OUTPUTS, item_text, item_type
from ._judge import grade
from ._memory import acknowledge, answers, foreign, say
from ._prompt import read_prompt, summary_request
from ._summary import extractive_summary, must_keep_listed

__all__ = ["reply_item", "input_fingerprint", "message_item", "call_item"]


# How a question asks for each kind of fact, and how the answer names it.
_QUESTIONS: dict[str, tuple[re.Pattern[str], str]] = {
    "order_number": (re.compile(r"\border (?:number|id)\b", re.I), "order number"),
    "serial": (re.compile(r"\bserial\b", re.I), "serial number"),
    "error_code": (re.compile(r"\b(?:error )?code\b", re.I), "error code"),
    "ticket_id": (re.compile(r"\bticket (?:number|id)\b", re.I), "ticket number"),
    "contact_channel": (re.compile(r"\bcontact|\breach me\b|\bchannel\b", re.I), "preferred contact channel"),
}
_RECALL = re.compile(r"\b(?:what|which|how|remind|remember)\b", re.I)
# Names that hold a fact kind's word but mean something else: a zip code or a
# booking code is no error code, an emergency contact no contact channel. :mod:`._memory` answers these.
_OTHER_THINGS = re.compile(
    r"\b(?!(?:error|the|my|your|our|a|an|which|what|that|this|its|their|his|her)\b)[a-z]+ code\b"
    r"|\bemergency contact\b",
    re.I,
)


def _then(first: str, later: str) -> str:
    """A pattern for ``first`` followed, later on the same line, by ``later``.

    Not ``first.*later``: with many ``first`` and no ``later``, that reads the
    rest of the line again from each ``first`` (quadratic time). Here the gap
    may not hold ``first`` again, so each stretch of text is read once — and
    a line matches exactly when ``first.*later`` would.
    """
    return rf"(?:{first})(?:(?!{first}).)*?(?:{later})"


# Tools the model calls when the newest user message asks for them. Each rule:
# tool name, trigger regex, and the fact kind its single argument needs.
_TOOL_RULES: tuple[tuple[str, re.Pattern[str], str | None], ...] = (
    ("create_ticket", re.compile(_then(r"\b(?:open|create|file|raise)\b", r"\bticket\b"), re.I), None),
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
    (re.compile(_then(r"\bred\b", r"\b(?:light|led)\b") + r"|\bblink", re.I),
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
    (re.compile(r"\bopening hours\b|" + _then(r"\bopen\b", r"\bwhen\b"), re.I),
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
_EMPTY = "Your message was empty. What would you like to tell me or ask?"
_NOT_ENGLISH = "I can only read English, so I can't tell what that says. Could you say it in English?"


def _digest(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()[:24]


def input_fingerprint(items: Sequence[Mapping[str, Any]]) -> str:
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


def _recall(question: str, items: Sequence[Mapping[str, Any]]) -> str | None:
    """Answer a question about a scenario fact kind from ``items``, or ``None`` if it isn't one.

    The scenario's own shapes (``ORD-48213``, "please reach me by email") are
    found first, newest mention first. A learner may have said it their own
    way ("my order number is 5512", "I'd rather you text me"): then
    :mod:`._memory` answers if it finds it, and else the model says it doesn't know.
    """
    if "?" not in question or not _RECALL.search(question) or _OTHER_THINGS.search(question):
        return None
    history = items[:-1]
    for kind, (asks, label) in _QUESTIONS.items():
        if not asks.search(question) or find_facts(question).get(kind):
            continue
        values = [v for item in history for v in find_facts(item_text(item)).get(kind, [])]
        if values:  # newest mention wins, as a person would correct themselves
            return f"Your {label} is {values[-1]}."
        found = answers(question, items)
        if found and all(answer.text for answer in found):
            return say(found)
        return f"I don't know your {label}: it isn't in the conversation I can see. Could you tell me again?"
    return None


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
    fingerprint = fingerprint or input_fingerprint(items)
    if instructions.startswith(JUDGE_PROMPT_TITLE):
        return message_item(grade(items, instructions), fingerprint)
    summary = summary_request(items, instructions)
    if summary is not None:  # memlab's prompt or the learner's: the note follows what the prompt asks
        transcript, prompt = summary
        return message_item(extractive_summary(transcript, must_keep_listed(prompt), spec=read_prompt(prompt)), fingerprint)
    last = items[-1] if items else {}
    if item_type(last) in NAMED_OUTPUTS:
        name = next((it.get("name", "") for it in items if it.get("call_id") == last.get("call_id") and item_type(it) in NAMED_CALLS), "")
        return message_item(_tool_reply(name, item_text(last)), fingerprint)
    question = item_text(last) if item_type(last) == "message" else ""
    history = items[:-1]
    said = question if last.get("role") == "user" else ""  # what the user said, for _memory
    if last.get("role") == "user" and not said.strip():
        return message_item(_EMPTY, fingerprint)
    answer = _recall(question, items)
    if answer is not None:
        return message_item(answer, fingerprint)
    found = answers(said, items)  # a question about something else the user said ("what's my name?")
    if found and all(answer.text for answer in found):
        return message_item(say(found), fingerprint)
    offered = {tool.get("name") for tool in tools}
    for name, trigger, needs in _TOOL_RULES:
        if name not in offered or not trigger.search(question):
            continue
        if needs is None:
            return call_item(name, {"summary": question[:200]}, fingerprint)
        values = find_facts(question).get(needs) or [v for it in history for v in find_facts(item_text(it)).get(needs, [])]
        if values:
            return call_item(name, {_ARGUMENT_NAMES[needs]: values[-1]}, fingerprint)
        return message_item(f"I can do that once I have the {_QUESTIONS[needs][1]}. Could you share it?", fingerprint)
    if any(answer.question.about_user for answer in found):  # asked about the user; the input doesn't say
        return message_item(say(found), fingerprint)
    advice = next((text for pattern, text in _ADVICE if pattern.search(question)), None)
    channel = find_facts(question).get("contact_channel")
    if channel:  # acknowledge a stated preference, then still help
        advice = f"Noted: you prefer {channel[-1]} for updates." + (f" {advice}" if advice else "")
    if not advice and found:  # "when is the meeting?", and no statement in view says
        return message_item(say(found), fingerprint)
    if not advice and foreign(said):
        return message_item(_NOT_ENGLISH, fingerprint)
    # only a message that would get the generic line is acknowledged: "Nice to meet you, Ana."
    return message_item(advice or acknowledge(said) or _FALLBACK, fingerprint)



def message_item(text: str, fingerprint: str) -> dict[str, Any]:
    return {
        "id": f"msg_{fingerprint}",
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}],
    }


def call_item(name: str, arguments: dict[str, Any], fingerprint: str) -> dict[str, Any]:
    return {
        "id": f"fc_{fingerprint}",
        "type": "function_call",
        "call_id": f"call_{fingerprint}",
        "name": name,
        "arguments": json.dumps(arguments),
        "status": "completed",
    }

