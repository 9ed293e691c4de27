"""The fidelity gate on its own: rules find facts, a summary keeps them whole or is refused/repaired."""

from __future__ import annotations

import re

import pytest

from memlab.gate import REPAIR_NOTE, FidelityGate

from memlab.items import assistant, user


@pytest.mark.parametrize(
    "rules, error",
    [("ORD", TypeError), (r"ORD-\d+", TypeError), (re.compile("x"), TypeError), (None, TypeError),
     (["("], ValueError), ([42], TypeError), ([], ValueError)],
)
def test_rules_are_validated_naming_must_keep(rules, error):
    with pytest.raises(error, match="must_keep"):
        FidelityGate(rules)


def test_the_mode_is_reject_or_repair():
    with pytest.raises(ValueError, match="mode must be one of 'reject', 'repair'"):
        FidelityGate([r"A-\d+"], "fix")


def test_rules_find_unique_facts_in_first_seen_order():
    gate = FidelityGate([r"ORD-\d{5}", re.compile(r"E-\d{4}"), lambda items: ["SMS", None, 42]])
    items = [user("order ORD-11111 then ORD-22222, error E-1234"), assistant("ORD-11111 noted")]
    assert gate.facts(items) == ["ORD-11111", "ORD-22222", "E-1234", "SMS", "42"]


def test_a_fact_counts_only_whole():
    gate = FidelityGate([r"ORD-\d+"])
    assert gate.check("order ORD-73914 is late", ["ORD-7391"]).missing == ("ORD-7391",)
    assert gate.check("order ORD-7391, late", ["ORD-7391"]).accepted


def test_reject_keeps_the_summary_unaccepted_and_repair_appends_the_missing_facts():
    facts = ["ORD-11111", "E-1234"]
    rejected = FidelityGate([r"x"]).check("only ORD-11111 here", facts)
    assert (rejected.accepted, rejected.missing, rejected.summary) == (False, ("E-1234",), "only ORD-11111 here")
    repaired = FidelityGate([r"x"], "repair").check("only ORD-11111 here", facts)
    assert repaired.accepted and repaired.missing == ("E-1234",)
    assert repaired.summary == f"only ORD-11111 here\n\n{REPAIR_NOTE} E-1234"
