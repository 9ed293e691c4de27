"""Checks for the exercises of ``07_evals``.

* :func:`check_cheapest` — Exercise 1: ``cheapest(summary, min_recall, recall)``
  returns the label of the run with the fewest *total* tokens among those whose
  ``recall`` column reaches ``min_recall`` (``None`` if none does). Checked on
  hidden summary tables.
* :func:`check_conversation` — Exercise 2: a :class:`~memlab.scenario.Conversation`
  of the learner's own, with a planted fact and a probe, replayed by
  :func:`memlab.evals.run` under strategies the learner does not choose.
* :func:`reveal_gate` — the prediction in the section on the fidelity gate:
  does a rejecting gate bill more than full history, and does a repairing
  gate answer every probe? It compares only once both answers are written.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

from ...facts import states
from ...scenario import Conversation
from .report import Prediction, Report, check_cases

__all__ = ["check_cheapest", "check_conversation", "reveal_gate"]

#: Exercise 2's conversations must replay quickly.
MAX_TURNS = 12


def _table(rows: list[tuple[str, int, int, float, float]]) -> pd.DataFrame:
    """A summary table shaped like ``summarize_runs``'s (the columns the exercise needs, and some it must ignore)."""
    frame = pd.DataFrame(rows, columns=["label", "total_tokens", "input_tokens", "recall", "must_keep_recall"])
    frame.insert(1, "strategy", frame["label"].str.split(" ").str[0])
    frame["memory_tokens"] = frame["total_tokens"] - frame["input_tokens"]
    frame["total_tokens"] = frame["total_tokens"].astype("Int64")
    return frame


def check_cheapest(cheapest: Callable[..., Any]) -> Report:
    """Run the learner's ``cheapest(summary, min_recall, recall="recall")`` on hidden tables."""
    basic = _table([
        ("full", 94_000, 92_000, 1.0, 1.0),
        ("trimming (max_turns=3)", 26_000, 24_000, 0.0, 0.0),
        ("trimming (max_turns=12)", 52_000, 50_000, 0.6, 0.6),
        ("summarizing (gate=on)", 66_000, 46_000, 1.0, 1.0),
    ])
    # The summarizer's own calls make the run that is cheapest on input tokens the dearer one in total.
    billed = _table([
        ("summarizing (context_limit=4)", 70_000, 40_000, 1.0, 1.0),
        ("tiered (max_tokens=1500)", 60_000, 55_000, 1.0, 1.0),
        ("full", 95_000, 93_000, 1.0, 1.0),
    ])
    soft = _table([
        ("full", 95_000, 93_000, 1.0, 1.0),
        ("summarizing (gate=repair)", 62_000, 44_000, 0.8, 1.0),
        ("summarizing (gate=on)", 190_000, 93_000, 1.0, 1.0),
        ("summarizing (gate=off)", 60_000, 43_000, 0.4, 0.5),
    ])
    unsorted = _table([
        ("summarizing (gate=on)", 66_000, 46_000, 1.0, 1.0),
        ("full", 94_000, 92_000, 1.0, 1.0),
        ("fact sheet", 32_000, 30_000, 1.0, 1.0),
    ])
    no_probes = _table([
        ("trimming (max_turns=2)", 20_000, 19_000, math.nan, math.nan),
        ("trimming (max_turns=8)", 45_000, 43_000, 1.0, 1.0),
    ])

    def picks(table: pd.DataFrame, min_recall: float, expected: str | None, recall: str = "recall") -> str | None:
        shown = table.copy()
        got = cheapest(shown, min_recall, recall=recall) if recall != "recall" else cheapest(shown, min_recall)
        if isinstance(got, pd.Series):
            return "return the run's label (a string), not the whole row"
        if got is not None and not isinstance(got, str):
            shown = repr(got)
            detail = f" {shown}" if "\n" not in shown and len(shown) <= 60 else ""
            return f"return the run's label as a string (or None), not a {type(got).__name__}{detail}"
        if got != expected:
            return f"min_recall={min_recall}, recall={recall!r}: expected {expected!r}, got {got!r}"
        return None

    cases = [
        ("the cheapest run that reaches the target", lambda: picks(basic, 0.5, "trimming (max_turns=12)")),
        ("cost is total tokens (the policy's own calls included), not input tokens",
         lambda: picks(billed, 1.0, "tiered (max_tokens=1500)")),
        ("a run exactly at the target qualifies", lambda: picks(basic, 0.6, "trimming (max_turns=12)")),
        ("recall='must_keep_recall' judges by the must-keep facts only",
         lambda: picks(soft, 1.0, "summarizing (gate=repair)", recall="must_keep_recall")),
        ("the same table judged on every probe", lambda: picks(soft, 1.0, "full")),
        ("no run reaches the target: None", lambda: picks(basic.iloc[1:3], 0.7, None)),
        ("a run without probes (recall NaN) never qualifies", lambda: picks(no_probes, 0.0, "trimming (max_turns=8)")),
        ("the table's order does not matter", lambda: picks(unsorted, 1.0, "fact sheet")),
    ]
    return check_cases("Exercise 1 (the cheapest run that meets a recall target)", cases)


# ------------------------------------------------------------------ Exercise 2

TITLE_2 = "Exercise 2 (a conversation that tests memory)"


async def check_conversation(make_conversation: Callable[[], Any]) -> Report:
    """Build the learner's conversation, replay it, and check that its probes test memory.

    Hidden strategies: full history (every probe must be answered with the
    planted value) and a two-turn window, ``trimming`` with ``max_turns=2``
    (at least one probe must be missed: a probe that a two-turn window still
    answers does not test what the agent remembers).
    """
    try:
        conversation = make_conversation()
    except NotImplementedError:
        return Report(TITLE_2, not_started=True)
    except Exception as error:  # noqa: BLE001 — the learner's code may raise anything
        conversation = error

    def shape() -> str | None:
        if isinstance(conversation, Exception):
            return f"my_conversation() raised {type(conversation).__name__}: {conversation}"
        if not isinstance(conversation, Conversation):
            return f"my_conversation() returned {type(conversation).__name__}, not a memlab.scenario.Conversation"
        if not conversation.facts or not conversation.probes:
            return "plant at least one Fact and ask at least one Probe"
        if len(conversation.user_turns) > MAX_TURNS:
            return f"{len(conversation.user_turns)} user turns; keep it to {MAX_TURNS} so it replays quickly"
        return None

    def probes_fit() -> str | None:
        facts = {fact.key: fact for fact in conversation.facts}
        for probe in conversation.probes:
            fact = facts.get(probe.fact_key)
            if fact is None:
                return f"the probe on turn {probe.turn} asks for {probe.fact_key!r}, but no Fact has that key"
            if probe.expected != fact.value:
                return f"the probe on turn {probe.turn} expects {probe.expected!r}, but the fact's value is {fact.value!r}"
            if fact.turn >= probe.turn:
                return f"{fact.key!r} is planted on turn {fact.turn}, not before its probe on turn {probe.turn}"
            if states(probe.question, probe.expected, ignore_case=True):
                return f"the question on turn {probe.turn} contains its own answer {probe.expected!r}"
        return None

    problem = shape() or probes_fit()
    runs: dict[str, Any] = {}
    if problem is None:
        from ...evals import run  # here, not at import: the evals pull in the SDK and pandas

        for name, params in (("full", {}), ("trimming", {"max_turns": 2})):
            try:
                runs[name] = (await run(conversation, name, **params)).turns
            except Exception as error:  # noqa: BLE001
                runs[name] = error

    def replayed(name: str, want_all: bool) -> str | None:
        if problem is not None:
            return "not replayed: fix the cases above first"
        run = runs[name]
        if isinstance(run, Exception):
            return f"replay raised {type(run).__name__}: {run}"
        probes = run[run["probe"].notna()]
        right = probes["correct"].astype(bool)
        if want_all and not right.all():
            row = probes[~right].iloc[0]
            return f"with full history, turn {row['turn']} was answered {row['answer']!r} (expected {row['expected']!r})"
        if not want_all and right.all():
            return "a two-turn window still answers every probe: plant the fact earlier, and don't repeat it"
        return None

    cases = [
        ("a Conversation with a planted Fact and a Probe", shape),
        ("each probe asks, after its planting turn, for the fact's exact value (and doesn't give it away)",
         lambda: "not checked: fix the case above first" if shape() else probes_fit()),
        ("full history answers every probe (evals.run scores it correct)", lambda: replayed("full", True)),
        ("a two-turn window (trimming, max_turns=2) misses at least one probe", lambda: replayed("trimming", False)),
    ]
    return check_cases(TITLE_2, cases)


# ------------------------------------------------------------------ the fidelity gate: a prediction


def reveal_gate(
    rejecting_bills_more: Any, repairing_answers_all: Any, turns: pd.DataFrame, labels: Mapping[str, str]
) -> Prediction:
    """Compare two guesses about the gate's runs with what they billed and answered.

    Args:
        rejecting_bills_more: ``True`` if you expect the rejecting gate to bill
            more tokens than full history, ``False`` for less.
        repairing_answers_all: ``True`` if you expect the repairing gate to
            answer every probe right.
        turns: The per-turn rows of the runs (``run_grid(...).turns`` stacked
            with the full-history run, labelled ``"full"``).
        labels: ``{"reject": label, "repair": label}``: the two gated runs' labels.

    Returns:
        A report: one line per guess (✓ when right) and the tally. Until both
        are written it says so.
    """
    report = Prediction("Predict before you run: the gate on a sloppy summarizer")
    if rejecting_bills_more is None or repairing_answers_all is None:
        report.not_started = True
        return report
    if not isinstance(rejecting_bills_more, bool) or not isinstance(repairing_answers_all, bool):
        report.total = 2
        report.lines.append("  ✗ write True or False for both, then run this cell again")
        return report
    billed = turns.groupby("label")["total_tokens"].sum()
    ratio = float(billed[labels["reject"]] / billed["full"])
    repair = turns[(turns["label"] == labels["repair"]) & turns["probe"].notna()]
    answered, asked = int(repair["correct"].astype(bool).sum()), len(repair)
    more = ratio > 1
    for right, what, said in (
        (rejecting_bills_more == more,
         f"the rejecting gate billed {ratio:.2f} times full history's tokens: {'more' if more else 'less'}",
         f"you said {'more' if rejecting_bills_more else 'less'}"),
        (repairing_answers_all == (answered == asked),
         f"the repairing gate answered {answered} of {asked} probes",
         f"you said {'all' if repairing_answers_all else 'not all'} of them"),
    ):
        report.add(right, what, said)
    return report
