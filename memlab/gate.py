"""The fidelity gate: facts a summary must keep, checked before the summary is used.

A summary is a lossy copy of history, and the loss is silent: a model that
writes "the customer's order" instead of ``ORD-73914`` has destroyed the one
detail support needs, and nobody notices until the customer asks. The gate
makes that loss visible and stops it:

1. **Rules find the facts.** Each rule is a regex (its matches are facts) or a
   function that takes the items being summarized and returns facts. The
   session runs them over the prefix it is about to replace.
2. **The summarizer is told.** The facts are passed as ``must_keep=`` so the
   prompt can list them (a tool output cut short in the transcript may have
   hidden one).
3. **The summary is checked.** Every fact must appear whole (``ORD-7391`` is
   not kept by ``ORD-73914``). If one is missing, the gate either *rejects*
   the summary (history stays as it was, retried at the next turn) or
   *repairs* it (the summary is used with the missing facts appended verbatim).

Reject trusts only the summarizer; repair guarantees progress — with a
summarizer that keeps dropping a fact, a rejecting gate never compresses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Union

from .facts import states
from .items import Item, check_text
from .turns import item_text

__all__ = ["GATE_MODES", "REPAIR_NOTE", "MustKeep", "FidelityGate", "GateVerdict", "check_gate", "check_gate_mode", "check_rules", "find_must_keep"]

#: A must-keep rule: a regex (string or compiled) whose matches are facts, or a
#: callable that takes the items being summarized and returns the facts.
MustKeep = Union[str, "re.Pattern[str]", Callable[[list[Item]], Iterable[str]]]

#: What the gate can do with a summary that dropped a fact.
GATE_MODES = ("reject", "repair")

#: Opens the line a repairing gate appends to a summary.
REPAIR_NOTE = "Facts the summary left out, kept verbatim by memlab's fidelity gate:"


@dataclass(frozen=True)
class GateVerdict:
    """What :meth:`FidelityGate.check` decided about one summary.

    Attributes:
        summary: The summary to use (with the repair line appended, if repaired).
        missing: Facts the summarizer's text did not hold.
        accepted: Whether the summary may be applied.
    """

    summary: str
    missing: tuple[str, ...]
    accepted: bool


class FidelityGate:
    """Facts a summary must keep verbatim, and what to do when it drops one.

    Args:
        must_keep: The rules: regexes (text or compiled) and callables
            ``rule(items) -> iterable of facts``. Example:
            ``FidelityGate([r"ORD-\\d{5}", r"SN-[A-Z0-9]{8}"])``.
        mode: ``"reject"`` (the default: keep history as it was) or
            ``"repair"`` (apply the summary with the dropped facts appended).

    Raises:
        TypeError: If ``must_keep`` is not a list of rules, or a rule is neither
            a regex nor a callable.
        ValueError: For an invalid regex, no rules at all, or an unknown ``mode``.
    """

    def __init__(self, must_keep: Sequence[MustKeep], mode: str = "reject") -> None:
        self.rules = check_rules(must_keep)
        self.mode = check_gate_mode(mode)

    def __repr__(self) -> str:
        return f"FidelityGate({len(self.rules)} rules, mode={self.mode!r})"

    def facts(self, items: list[Item]) -> list[str]:
        """The facts the rules find in ``items`` (:func:`find_must_keep`).

        Raises:
            ValueError: If a callable rule returns a fact that no request can
                carry (a lone surrogate): a repairing gate would append it to
                the summary.
            Whatever a callable rule raises; the session records it as a failed summary.
        """
        return find_must_keep(self.rules, items)

    def check(self, summary: str, facts: Sequence[str]) -> GateVerdict:
        """Check ``summary`` against ``facts``; repair it if this gate repairs."""
        missing = tuple(f for f in facts if not states(summary, f))
        if not missing:
            return GateVerdict(summary, (), True)
        if self.mode == "reject":
            return GateVerdict(summary, missing, False)
        return GateVerdict(f"{summary}\n\n{REPAIR_NOTE} {', '.join(missing)}", missing, True)


def find_must_keep(rules: Sequence[MustKeep], items: list[Item]) -> list[str]:
    """The facts ``rules`` find in ``items``, unique, in first-seen order.

    A regex rule is matched against the items' text (:func:`memlab.turns.item_text`,
    one item a line); a callable rule is given the items and returns its facts.
    """
    text = "\n".join(item_text(item) for item in items)
    facts: list[str] = []
    for rule in rules:
        if callable(rule):  # a rule's facts go into a summary: they get the same check as an item's text
            name = getattr(rule, "__name__", type(rule).__name__)
            found = [check_text(str(fact), f"a fact from must_keep rule {name}") for fact in rule(items) if fact is not None]
        else:
            found = [m.group(0) for m in re.finditer(rule, text)]
        facts.extend(f for f in found if f and f not in facts)
    return facts


def check_rules(rules: Any) -> list[MustKeep]:
    """Validate must-keep rules: a non-empty list of regexes (text or compiled) and callables."""
    if rules is None or isinstance(rules, (str, bytes, re.Pattern)) or callable(rules) or not isinstance(rules, Iterable):
        raise TypeError(f"must_keep must be a list of rules, e.g. [r'ORD-\\d{{5}}'], not {type(rules).__name__}")
    checked: list[MustKeep] = []
    for rule in rules:
        if isinstance(rule, str):
            try:
                re.compile(rule)
            except re.error as exc:
                raise ValueError(f"must_keep rule {rule!r} is not a valid regular expression: {exc}") from None
        elif not (isinstance(rule, re.Pattern) or callable(rule)):
            raise TypeError(f"a must_keep rule is a regex or a callable, not {type(rule).__name__}")
        checked.append(rule)
    if not checked:
        raise ValueError("must_keep needs at least one rule (no gate at all is gate=None)")
    return checked


def check_gate_mode(mode: Any) -> str:
    """A gate's ``mode``: one of :data:`GATE_MODES`.

    Raises:
        ValueError: For anything else.
    """
    if mode not in GATE_MODES:
        raise ValueError(f"gate mode must be one of {', '.join(map(repr, GATE_MODES))}, got {mode!r}")
    return mode


def check_gate(gate: Any) -> FidelityGate | None:
    """A session's ``gate=``: a :class:`FidelityGate` or ``None``.

    Raises:
        TypeError: For anything else (``gate="repair"`` is ``FidelityGate(rules, "repair")``).
    """
    if gate is not None and not isinstance(gate, FidelityGate):
        raise TypeError(
            f"gate must be a FidelityGate or None, not {type(gate).__name__} "
            "(e.g. gate=FidelityGate([r'ORD-\\d{5}'], mode='repair'))"
        )
    return gate
