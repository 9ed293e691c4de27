"""The scenario's scripted conversations, as plain data.

Each :class:`Conversation` lists its user turns, the **facts** it plants (an
order number, a serial, an error code, a contact preference: each with the
user turn that planted it) and the **probes** that ask for a fact later. A
memory policy keeps a fact if the agent still answers its probe; trimming too
hard makes the agent say "I don't know".

Three conversations ship: ``LAPTOP`` (5 turns), ``ROUTER`` (6) and ``LONG``
(37 turns, several issues one after another: the one most notebooks use).
:mod:`memlab.scenario` holds the agent and its tools, and makes long synthetic
conversations for benchmarks.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .backends import create_ticket_backend

__all__ = ["CONVERSATIONS", "LAPTOP", "LONG", "ROUTER", "Conversation", "Fact", "Probe", "probes_for"]


@dataclass(frozen=True)
class Fact:
    """Something the user said that the agent should remember.

    Attributes:
        key: The kind of fact (``order_number``, ``serial``, ``error_code``,
            ``ticket_id``, ``contact_channel``).
        value: The exact text; a memory that kept the fact contains it verbatim.
        turn: The 1-based user turn whose exchange first states it.
        must_keep: Whether a summary must keep it (memlab's fidelity gate).
        from_tool: Set when a tool produces the value (a ticket id, say). A
            live model words its tool arguments its own way, so the tool may
            return another value than the script's; a replay then scores
            against what this tool really returned in the run.
    """

    key: str
    value: str
    turn: int
    must_keep: bool = True
    from_tool: str | None = None


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

    def must_keep_patterns(self) -> list[str]:
        """Regexes (escaped values) of the facts a summary must keep."""
        return [re.escape(fact.value) for fact in self.facts if fact.must_keep]

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

#: The scenario's conversations by name.
CONVERSATIONS: dict[str, Conversation] = {c.name: c for c in (LAPTOP, ROUTER, LONG)}
