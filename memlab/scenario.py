"""The customer-support scenario every memlab notebook uses.

A support agent for tech products helps customers with orders, warranties and
faulty devices. This module holds all of it, in reading order:

1. **The agent**: its instructions (with what it knows: the fixes it can
   suggest, the opening hours) and four function tools (:func:`support_agent`).
   The offline model knows nothing of this scenario: it reads these from the
   request, as a live model does.
2. **The tools' back ends**: plain, deterministic functions (:data:`BACKENDS`),
   so every run gives the same answers, offline or live. They answer the way
   real support systems do — with line items, carrier events, coverage terms
   and sensor readings — because tool outputs are usually the largest items in
   an agent's history, which is why trimming and summarizing matter.
3. **The conversations**, as plain data: ``LAPTOP`` (5 turns), ``ROUTER`` (6)
   and ``LONG`` (37 turns, several issues one after another: the one most
   notebooks use). Each lists its user turns, the **facts** it plants (an
   order number, a serial, an error code, a contact preference: each with the
   user turn that planted it) and the **probes** that ask for a fact later. A
   memory policy keeps a fact if the agent still answers its probe; trimming
   too hard makes the agent say "I don't know". ``MOVING`` (23 turns) plants
   facts of other shapes — a name, a street address, a booking reference, a
   date, an amount — that :data:`memlab.facts.FACT_PATTERNS` does not know,
   each declared with the rule a learner would write for it; it measures
   what a policy built on those patterns (the fact sheet) keeps of facts it
   was not written for.
4. :func:`synthetic_conversation` makes long ones for benchmarks.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agents import Agent, function_tool

from .api import mode
from .facts import FACT_PATTERNS

__all__ = [
    "BACKENDS",
    "CONVERSATIONS",
    "INSTRUCTIONS",
    "LAPTOP",
    "LONG",
    "MOVING",
    "ROUTER",
    "Conversation",
    "Fact",
    "Probe",
    "check_warranty_backend",
    "create_ticket_backend",
    "lookup_order_backend",
    "probes_for",
    "run_diagnostics_backend",
    "support_agent",
    "support_tools",
    "synthetic_conversation",
    "tool_definitions",
]


# ------------------------------------------------------------------ 1. the agent

#: The agent's instructions: its rules, then what it knows to tell a customer. The SDK sends them with every
#: model call, so they are terse: with the tool schemas they are a quarter of all full history bills on ``LONG``.
INSTRUCTIONS = """You are the support assistant of a shop that sells laptops, routers, phones and audio gear.
- Be brief: one suggestion at a time.
- Use the tools, don't guess: run_diagnostics for a serial, create_ticket when a human must act.
- Repeat identifiers exactly as written.
- Remember the customer's preferences.
- Never invent an identifier.

What you know:
- Blinking red power light: the battery isn't charging. Unplug it, hold power 15 seconds, plug it back in.
- Missing: I can open a ticket so the warehouse ships the missing item; nothing to send back.
- Loud fan: usually dust. Keep the vents clear; if a restart doesn't help, I can run diagnostics.
- Still: if it still happens after a restart, remote diagnostics are next (two minutes, files untouched).
- Repair: we send a prepaid box; repair takes five business days. Back up your files first.
- Screen flicker: often the cable or graphics driver. Does it happen on an external monitor too?
- Fine on an external monitor: likely the panel driver. Install the newest graphics driver.
- Wifi router drops: unplug the router for 30 seconds, then plug it back in.
- Router firmware: update it from the router's app; keep it plugged in until it finishes.
- Earbuds won't pair: forget them in Bluetooth, hold the case button 5 seconds, then pair again.
- Earbud with no sound: check the balance slider in your sound settings and clean the mesh.
- Forgot password: use 'Forgot password' on the sign-in page; the link expires in 30 minutes.
- Opening hours: phone Monday to Friday, 8:00 to 20:00; chat around the clock.
- Second SSD slot: 14-inch laptops have a free M.2 slot; using it keeps the warranty.
- Keyboard backlight: it turns off after 30 seconds idle (Backlight timeout in keyboard settings)."""


def support_tools() -> list[Any]:
    """The agent's four function tools (``agents.FunctionTool``), wrapping :data:`BACKENDS`."""
    @function_tool
    def lookup_order(order_id: str) -> str:
        """Look up an order's status.

        Args:
            order_id: The order number, such as ORD-12345.
        """
        return lookup_order_backend(order_id)

    @function_tool
    def check_warranty(serial: str) -> str:
        """Check whether a device is under warranty.

        Args:
            serial: The device's serial number, such as SN-AB12CD34.
        """
        return check_warranty_backend(serial)

    @function_tool
    def run_diagnostics(serial: str) -> str:
        """Run remote diagnostics on a device and report its error codes.

        Args:
            serial: The device's serial number, such as SN-AB12CD34.
        """
        return run_diagnostics_backend(serial)

    @function_tool
    def create_ticket(summary: str) -> str:
        """Open a ticket for the repair or warehouse team.

        Args:
            summary: What the team must do.
        """
        return create_ticket_backend(summary)

    return [lookup_order, check_warranty, run_diagnostics, create_ticket]


def tool_definitions() -> list[dict[str, Any]]:
    """The four tools as a Responses API request lists them (``tools`` entries), for code that plays the scenario without the SDK."""
    return [{"type": "function", "name": tool.name, "description": tool.description,
             "parameters": tool.params_json_schema, "strict": tool.strict_json_schema} for tool in support_tools()]


def support_agent(model: str | None = None, **overrides: Any) -> Any:
    """The support agent (an ``agents.Agent``).

    Args:
        model: The model name; defaults to :func:`memlab.api.mode.model` (``MEMLAB_MODEL``, or ``gpt-4.1-mini``).
        **overrides: Any other ``Agent`` field (``name``, ``instructions``, ``tools``...).

    Returns:
        A new ``agents.Agent``.
    """
    settings: dict[str, Any] = {
        "name": "Support",
        "instructions": INSTRUCTIONS,
        "tools": support_tools(),
        "model": model or mode.model(),
    }
    settings.update(overrides)
    return Agent(**settings)


# ------------------------------------------------------------------ 2. the tools' back ends

# Real support back ends return more than a status word: line items, carrier
# events, coverage terms, sensor readings. Tool outputs are usually the largest
# items in an agent's history, which is why trimming and summarizing matter.
_ORDERS = {
    "ORD-73914": {
        "items": [("AERO14-512-SL", "Aero 14 laptop, 16 GB, 512 GB, silver", 1, 1299.00),
                  ("PULSE-HS-BK", "Pulse headset, black", 1, 149.00)],
        "status": "delivered", "detail": "delivered on 2025-03-04 and signed for",
        "events": [("2025-02-28", "order confirmed"), ("2025-03-01", "packed in one box at the Leeds warehouse"),
                   ("2025-03-02", "handed to carrier"), ("2025-03-04", "delivered, signed by the customer")],
    },
    "ORD-48213": {
        "items": [("NETHUB-AX3000", "NetHub AX3000 router", 1, 189.00)],
        "status": "delivered", "detail": "delivered on 2025-01-17",
        "events": [("2025-01-14", "order confirmed"), ("2025-01-15", "handed to carrier"),
                   ("2025-01-17", "delivered to the front door")],
    },
}
_OTHER_ORDER = {
    "items": [("USBC-65W", "USB-C charger, 65 W", 1, 39.00)],
    "status": "in transit", "detail": "expected within 3 days",
    "events": [("2025-03-10", "order confirmed"), ("2025-03-11", "handed to carrier")],
}
_DIAGNOSES = {
    "SN-LP4K9M2X": (["E-2107"], "battery not detected"),
    "SN-AX7Q42PL": (["E-3120"], "fan speed sensor out of range"),
}


def _number(text: str, digits: int) -> str:
    """A stable pseudo-random number with ``digits`` digits, derived from ``text``."""
    return str(int(hashlib.sha256(text.encode()).hexdigest(), 16) % 10**digits).zfill(digits)


def _product(order: dict[str, Any]) -> str:
    return " and ".join(name.split(",")[0] for _, name, _, _ in order["items"])


def lookup_order_backend(order_id: str) -> str:
    """Status of an order, its line items and carrier events, as JSON text."""
    if not FACT_PATTERNS["order_number"].fullmatch(order_id):
        return json.dumps({"error": f"no order with id {order_id!r}; order ids look like ORD-12345"})
    order = _ORDERS.get(order_id, _OTHER_ORDER)
    return json.dumps({
        "order_id": order_id,
        "product": _product(order),
        "status": order["status"],
        "detail": order["detail"],
        "items": [{"sku": sku, "name": name, "quantity": qty, "unit_price_gbp": price}
                  for sku, name, qty, price in order["items"]],
        "carrier": "ParcelLine Express",
        "tracking_events": [{"date": date, "event": event} for date, event in order["events"]],
        "return_window_days": 30,
    })


def check_warranty_backend(serial: str) -> str:
    """Warranty coverage of a device and the plan's terms, as JSON text."""
    if not FACT_PATTERNS["serial"].fullmatch(serial):
        return json.dumps({"error": f"unknown serial {serial!r}; serials look like SN-AB12CD34"})
    days = int(_number(serial, 3))
    covered = days % 4 != 0
    expires = _dt.date(2025, 6, 30) + _dt.timedelta(days=days if covered else -days)
    return json.dumps({
        "serial": serial,
        "covered": covered,
        "plan": "Standard",
        "expires": expires.isoformat(),
        "covers": ["manufacturing defects", "battery (first 12 months)", "fans and thermal parts"],
        "excludes": ["accidental damage", "liquid damage", "cosmetic wear"],
        "claim": "prepaid box, repair in about 5 business days",
    })


def run_diagnostics_backend(serial: str) -> str:
    """Remote diagnostics of a device: the tests run, error codes and readings, as JSON text."""
    if not FACT_PATTERNS["serial"].fullmatch(serial):
        return json.dumps({"error": f"unknown serial {serial!r}; serials look like SN-AB12CD34"})
    codes, finding = _DIAGNOSES.get(serial, ([f"E-1{_number(serial, 3)}"], "storage health warning"))
    return json.dumps({
        "serial": serial,
        "error_codes": codes,
        "finding": finding,
        "tests": [{"name": name, "result": "fail" if name in finding else "pass"}
                  for name in ("battery", "fan speed sensor", "storage", "memory", "display", "wifi")],
        "readings": {"cpu_temp_c": 71 if "fan" in finding else 48, "fan_rpm": 5400 if "fan" in finding else 2100,
                     "battery_cycles": 212},
        "firmware": "1.14.2",
    })


def create_ticket_backend(summary: str) -> str:
    """Open a support ticket; the ticket id is derived from the summary."""
    if not summary.strip():
        return json.dumps({"error": "a ticket needs a summary"})
    return json.dumps({
        "ticket_id": f"TCK-{_number(summary, 6)}",
        "status": "open",
        "queue": "warehouse and repairs",
        "priority": "normal",
        "first_response_within_hours": 24,
    })


#: Tool name → back end (the tools call these; so can code that plays the scenario without the SDK).
BACKENDS: dict[str, Callable[..., str]] = {
    "lookup_order": lookup_order_backend,
    "check_warranty": check_warranty_backend,
    "run_diagnostics": run_diagnostics_backend,
    "create_ticket": create_ticket_backend,
}


# ------------------------------------------------------------------ 3. the conversations

@dataclass(frozen=True)
class Fact:
    """Something the user said that the agent should remember.

    Attributes:
        key: The kind of fact: one of :data:`memlab.facts.FACT_PATTERNS`
            (``order_number``, ``serial``, ``error_code``, ``ticket_id``,
            ``contact_channel``) or a name of your own (``new_address``).
        value: The exact text; a memory that kept the fact contains it verbatim.
        turn: The 1-based user turn whose exchange first states it.
        must_keep: Whether a summary must keep it (memlab's fidelity gate).
        from_tool: Set when a tool produces the value (a ticket id, say). A
            live model words its tool arguments its own way, so the tool may
            return another value than the script's; a replay then scores
            against what this tool really returned in the run.
        rule: The must-keep rule a learner would declare for it: a regex for
            its shape and the words that say what it is (``r"booking reference
            is [A-Z0-9]{6}"``), whose match holds ``value``. ``None``: the
            value itself, verbatim.
    """

    key: str
    value: str
    turn: int
    must_keep: bool = True
    from_tool: str | None = None
    rule: str | None = None


@dataclass(frozen=True)
class Probe:
    """A late question whose right answer contains a planted fact.

    Attributes:
        turn: The 1-based user turn that asks it (``user_turns[turn - 1] == question``).
        question: The user's question.
        expected: The text a correct answer contains.
        fact_key: The :class:`Fact` ``key`` it tests.
    """

    turn: int
    question: str
    expected: str
    fact_key: str


@dataclass(frozen=True)
class Conversation:
    """A scripted support conversation: user turns, planted facts, probes."""

    name: str
    title: str
    user_turns: tuple[str, ...]
    facts: tuple[Fact, ...]
    probes: tuple[Probe, ...]

    def __post_init__(self) -> None:
        for probe in self.probes:
            if not 1 <= probe.turn <= len(self.user_turns) or self.user_turns[probe.turn - 1] != probe.question:
                raise ValueError(f"{self.name}: probe {probe.question!r} is not user turn {probe.turn}")
        for fact in self.facts:
            if not 1 <= fact.turn <= len(self.user_turns):
                raise ValueError(f"{self.name}: fact {fact.key!r} planted at turn {fact.turn}, outside the conversation")
            if fact.rule is not None:
                found = re.search(fact.rule, self.user_turns[fact.turn - 1])
                if found is None or fact.value not in found.group(0):
                    raise ValueError(f"{self.name}: the rule of fact {fact.key!r} does not find {fact.value!r} in turn {fact.turn}")

    def must_keep_patterns(self) -> list[str]:
        """The rules of the facts a summary must keep: each fact's ``rule``, else its value escaped."""
        return [fact.rule or re.escape(fact.value) for fact in self.facts if fact.must_keep]

    def fact(self, key: str) -> Fact:
        """The fact with this ``key``."""
        for fact in self.facts:
            if fact.key == key:
                return fact
        raise KeyError(key)


def probes_for(turns: tuple[str, ...], facts: tuple[Fact, ...], questions: dict[str, str]) -> tuple[Probe, ...]:
    values = {fact.key: fact.value for fact in facts}
    return tuple(Probe(turns.index(q) + 1, q, values[key], key) for key, q in questions.items())


_LAPTOP_TURNS = (
    "Hi, my Aero 14 laptop shows a blinking red power light and won't turn on. Please reach me by email if we get cut off.",
    "I held the power button for 15 seconds with the charger plugged in; the light still blinks red.",
    "The serial is SN-LP4K9M2X. Please run diagnostics on it.",
    "Is it still under warranty?",
    "How did I ask you to contact me?",
)
_LAPTOP_FACTS = (
    Fact("contact_channel", "email", 1),
    Fact("serial", "SN-LP4K9M2X", 3),
    Fact("error_code", "E-2107", 3),
)
LAPTOP = Conversation(
    "laptop",
    "Blinking red light (the trimming demo: max_turns=3 keeps the last three turns)",
    _LAPTOP_TURNS,
    _LAPTOP_FACTS,
    probes_for(_LAPTOP_TURNS, _LAPTOP_FACTS, {"contact_channel": _LAPTOP_TURNS[4]}),
)

_ROUTER_TURNS = (
    "My NetHub AX3000 router drops the wifi every evening since last Tuesday.",
    "I bought it in order ORD-48213, in case that matters.",
    "I already power-cycled it twice and updated the firmware to 2.2.0; it still drops.",
    "Please contact me by email from now on.",
    "What was my order number again?",
)
_ROUTER_FACTS = (Fact("order_number", "ORD-48213", 2), Fact("contact_channel", "email", 4))
ROUTER = Conversation(
    "router",
    "Wifi drops every evening (the summarizing demo: context_limit=4, keep_last_n_turns=2)",
    _ROUTER_TURNS,
    _ROUTER_FACTS,
    probes_for(_ROUTER_TURNS, _ROUTER_FACTS, {"order_number": _ROUTER_TURNS[4]}),
)

_LONG_TURNS = (
    "Hi! I have several issues today. First, a preference: please contact me by SMS, never by phone.",
    "My order ORD-73914 was supposed to include a laptop and a headset.",
    "The box arrived but the headset is missing from it.",
    "Yes please, open a ticket for the missing headset.",
    "Now the laptop itself: its serial is SN-AX7Q42PL and the fan gets very loud and hot.",
    "I checked: the vents are clear and I restarted it, still loud.",
    "Please run diagnostics on the laptop.",
    "Is the fan covered under warranty?",
    "Great. What happens next for the fan repair?",
    "Okay, let's do that later this week.",
    "Second issue: my home wifi router drops the connection every evening.",
    "I unplugged it for a minute and it came back, but it dropped again an hour later.",
    "The router is a NetHub AX3000 running firmware 2.1.4.",
    "Done, the update finished and it rebooted by itself.",
    "The lights look normal now, solid white.",
    "Third thing: my Bluetooth earbuds won't pair with my phone.",
    "I did that, and now they pair, but the left earbud has no sound.",
    "The balance was fine; after cleaning the mesh it works now.",
    "Fourth: the same laptop's screen flickers when it runs on battery.",
    "Could you run diagnostics on it again, in case the flicker shows up there?",
    "It doesn't happen on an external monitor.",
    "Is the screen covered under the warranty too?",
    "I installed the newest graphics driver and the flicker is gone.",
    "Fifth: I forgot the password for my support account.",
    "Found the reset email in my spam folder, all good.",
    "One more thing: please look up ORD-73914 again; was the headset on the packing list at all?",
    "Can you tell me your opening hours?",
    "Also, does the laptop have a second SSD slot?",
    "Good to know. The keyboard backlight also turns off by itself.",
    "Found the setting, it works.",
    "Before we wrap up, let me double-check a few details.",
    "What was the order number for the laptop and headset?",
    "Which error code did the laptop diagnostics report?",
    "What is the serial number of my laptop?",
    "How did I ask you to contact me?",
    "What is the ticket number for the missing headset?",
    "Thanks, that's everything for today!",
)
_LONG_FACTS = (
    Fact("contact_channel", "SMS", 1),
    Fact("order_number", "ORD-73914", 2),
    Fact("ticket_id", json.loads(create_ticket_backend(_LONG_TURNS[3]))["ticket_id"], 4, from_tool="create_ticket"),
    Fact("serial", "SN-AX7Q42PL", 5),
    Fact("error_code", "E-3120", 7),
)
LONG = Conversation(
    "long",
    "Five issues in one chat: facts planted early, asked for at the end",
    _LONG_TURNS,
    _LONG_FACTS,
    probes_for(
        _LONG_TURNS,
        _LONG_FACTS,
        {
            "order_number": _LONG_TURNS[31],
            "error_code": _LONG_TURNS[32],
            "serial": _LONG_TURNS[33],
            "contact_channel": _LONG_TURNS[34],
            "ticket_id": _LONG_TURNS[35],
        },
    ),
)

_MOVING_TURNS = (
    "Hi! I'm moving house next week, so I have a few things to sort out before then.",
    "The shop account is in my wife's name, Priya Raman, but I handle the support requests.",
    "From Monday our new address is 27 Elm Grove, Leeds LS6 2AB.",
    "My Pixel phone's screen cracked last weekend and the bottom of it no longer responds to touch.",
    "I already restarted it twice, and the bottom row still doesn't respond.",
    "I booked a courier pickup for the phone repair on your website; the booking reference is QX7K2M.",
    "The courier comes on 14 May, in the morning.",
    "Will the repair wipe my photos?",
    "I backed up the photos to my laptop last night.",
    "Second thing: I sent back the headphones from my last order and was promised a refund of £89.99.",
    "It hasn't reached my bank account yet.",
    "Third: my earbuds case doesn't charge any more.",
    "I tried another cable and it charges now.",
    "Can you tell me your opening hours?",
    "Good to know. The keyboard backlight on my laptop turns off by itself too.",
    "Found the setting, it works.",
    "Before we finish, let me double-check a few details.",
    "What is our new address?",
    "When does the courier come?",
    "What's the booking reference for the pickup?",
    "Whose name is the shop account in?",
    "How much is the refund for the headphones?",
    "Thanks, that's all for today!",
)
_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_MOVING_FACTS = (
    Fact("account_holder", "Priya Raman", 2, rule=r"account is in my \w+'s name, [A-Z][a-z]+ [A-Z][a-z]+"),
    Fact("new_address", "27 Elm Grove, Leeds LS6 2AB", 3,
         rule=r"new address is \d+ [A-Z][a-z]+ [A-Z][a-z]+, [A-Z][a-z]+ [A-Z]{1,2}\d{1,2} \d[A-Z]{2}"),
    Fact("booking_reference", "QX7K2M", 6, rule=r"booking reference is [A-Z0-9]{6}"),
    Fact("pickup_date", "14 May", 7, rule=rf"courier comes on \d{{1,2}} {_MONTH}"),
    Fact("refund_amount", "£89.99", 10, rule=r"refund of £\d+\.\d\d"),
)
MOVING = Conversation(
    "moving",
    "A house move: a name, an address, a booking, a date and an amount, none shaped like an order number",
    _MOVING_TURNS,
    _MOVING_FACTS,
    probes_for(
        _MOVING_TURNS,
        _MOVING_FACTS,
        {
            "new_address": _MOVING_TURNS[17],
            "pickup_date": _MOVING_TURNS[18],
            "booking_reference": _MOVING_TURNS[19],
            "account_holder": _MOVING_TURNS[20],
            "refund_amount": _MOVING_TURNS[21],
        },
    ),
)

#: The scenario's support scripts by name (the explorers and notebook 00 list these).
#: ``MOVING``, whose facts are of other shapes, is not among them.
CONVERSATIONS: dict[str, Conversation] = {c.name: c for c in (LAPTOP, ROUTER, LONG)}


# ------------------------------------------------------------------ 4. synthetic conversations

_FILLERS = (
    "The screen flickers now and then.",
    "My earbuds won't pair again.",
    "The wifi dropped twice this morning.",
    "I tried a restart, no change.",
    "The keyboard backlight turns off by itself.",
    "It feels slow when I open many tabs.",
    "The fan is noisy in the afternoon.",
    "Okay, I'll try that.",
    "Done, it works for now.",
)
_TOOL_REQUESTS = ("Please open a ticket about this.", "Is it covered by warranty?")


def synthetic_conversation(n_turns: int, seed: int = 0) -> Conversation:
    """A long made-up conversation for benchmarks and scaling plots.

    It plants a contact preference, an order number, a serial and an error code
    in its first four turns, sprinkles tool calls every few turns, and asks
    about all four facts in its last four turns.

    Args:
        n_turns: Number of user turns, at least 8.
        seed: Changes the identifiers and the filler order.

    Returns:
        A :class:`Conversation` named ``synthetic-<n_turns>-<seed>``.
    """
    if isinstance(n_turns, bool) or not isinstance(n_turns, int) or n_turns < 8:
        raise ValueError(f"n_turns must be an int >= 8, not {n_turns!r}")
    rng = random.Random(seed)
    order = f"ORD-{rng.randrange(10**4, 10**5)}"
    serial = "SN-" + "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(8))
    channel = rng.choice(("email", "SMS", "phone"))
    error = json.loads(run_diagnostics_backend(serial))["error_codes"][0]
    opening = [
        f"Hello, please contact me by {channel} about this.",
        f"It's about order {order}.",
        f"The device serial is {serial} and it keeps freezing.",
        "Please run diagnostics on it.",
    ]
    questions = {
        "order_number": "What was my order number?",
        "serial": "Which serial number did I give you?",
        "error_code": "Which error code did diagnostics report?",
        "contact_channel": "How did I ask you to contact me?",
    }
    middle = [
        _TOOL_REQUESTS[(i // 6) % 2] if i % 6 == 5 else rng.choice(_FILLERS)
        for i in range(n_turns - len(opening) - len(questions))
    ]
    turns = tuple(opening + middle + list(questions.values()))
    facts = (
        Fact("contact_channel", channel, 1),
        Fact("order_number", order, 2),
        Fact("serial", serial, 3),
        Fact("error_code", error, 4),
    )
    return Conversation(f"synthetic-{n_turns}-{seed}", f"{n_turns} synthetic turns", turns, facts, probes_for(turns, facts, questions))
