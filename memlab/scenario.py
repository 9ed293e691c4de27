"""The customer-support scenario every memlab notebook uses.

A support agent for tech products helps customers with orders, warranties and
faulty devices. It has four function tools with deterministic fake back ends,
so every run gives the same answers.

Conversations are plain data (:mod:`memlab.conversations`, re-exported here:
``LAPTOP``, ``ROUTER``, ``LONG``). Each one lists its user turns, the **facts**
it plants and the **probes** that ask for a fact later; a memory policy keeps a
fact if the agent still answers its probe. :func:`synthetic_conversation` makes
long ones for benchmarks.

:func:`memlab.offline.transcript` computes, without the Runner, the full
history the offline model produces for a conversation.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

from agents import Agent, function_tool

from .backends import (
    BACKENDS,
    check_warranty_backend,
    create_ticket_backend,
    lookup_order_backend,
    run_diagnostics_backend,
)
from .conversations import CONVERSATIONS, LAPTOP, LONG, ROUTER, Conversation, Fact, Probe, probes_for

__all__ = [
    "BACKENDS",
    "CONVERSATIONS",
    "DEFAULT_MODEL",
    "INSTRUCTIONS",
    "LAPTOP",
    "LONG",
    "ROUTER",
    "Conversation",
    "Fact",
    "Probe",
    "support_agent",
    "support_tools",
    "synthetic_conversation",
    "lookup_order_backend",
    "check_warranty_backend",
    "run_diagnostics_backend",
    "create_ticket_backend",
]

#: The model name used unless ``MEMLAB_MODEL`` (or the ``model`` argument) says otherwise.
DEFAULT_MODEL = "gpt-4.1-mini"

INSTRUCTIONS = """You are the support assistant of a shop that sells laptops, routers, phones and audio gear.
- Be brief and concrete: one suggestion at a time, then ask what happened.
- Use the tools instead of guessing: lookup_order for order numbers, check_warranty and
  run_diagnostics for a device's serial number, create_ticket when a human must act.
- Repeat identifiers (order numbers, serials, ticket ids, error codes) exactly as written.
- Remember the customer's preferences, such as how they want to be contacted.
- If you do not know something from this conversation, say so; never invent an identifier."""

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
            summary: What the team must do, in one or two sentences.
        """
        return create_ticket_backend(summary)

    return [lookup_order, check_warranty, run_diagnostics, create_ticket]


def support_agent(model: str | None = None, **overrides: Any) -> Any:
    """The support agent (an ``agents.Agent``).

    Args:
        model: The model name; defaults to ``MEMLAB_MODEL`` or :data:`DEFAULT_MODEL`.
        **overrides: Any other ``Agent`` field (``name``, ``instructions``, ``tools``...).

    Returns:
        A new ``agents.Agent``.
    """
    settings: dict[str, Any] = {
        "name": "Support",
        "instructions": INSTRUCTIONS,
        "tools": support_tools(),
        "model": model or os.environ.get("MEMLAB_MODEL") or DEFAULT_MODEL,
    }
    settings.update(overrides)
    return Agent(**settings)


# -------------------------------------------------------------------------
# Synthetic conversations (the scripted ones are in memlab.conversations)
# -------------------------------------------------------------------------

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
