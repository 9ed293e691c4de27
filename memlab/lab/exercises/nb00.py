"""The reveal for notebook 00 (welcome).

Exercise 1 is a prediction: ``LAPTOP``'s five turns are played through a
session that keeps everything. Which of the three planted facts is the model
still *sent* at turn 5, and does it answer turn 5's question right?
:func:`reveal_full_history` plays the conversation only once the learner has
written a prediction, then compares it with what the model was sent and said.
So the notebook's saved outputs never show the answer before the learner has
guessed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ...facts import has_fact, states
from ...scenario import LAPTOP
from ...turns import item_text
from .report import Prediction

__all__ = ["PREDICTION_KEYS", "reveal_full_history"]

#: The keys of the notebook's ``prediction`` dict: the three facts, then the probe.
PREDICTION_KEYS = (*(fact.key for fact in LAPTOP.facts), "answers the probe")

TITLE = "Exercise 1: predict, then run"


def _said(value: bool, yes: str, no: str) -> str:
    return f"you said {yes if value else no}"


async def reveal_full_history(
    prediction: dict[str, Any], replay: Callable[[], Awaitable[tuple[Sequence[Any], str]]]
) -> Prediction:
    """Play ``LAPTOP`` (with ``replay``) once the prediction is written, then compare.

    Args:
        prediction: ``{"contact_channel": bool, "serial": bool, "error_code": bool,
            "answers the probe": bool}``: for each fact, whether the model is
            still sent it at turn 5; whether turn 5 is answered right.
        replay: A function of no arguments that plays ``LAPTOP``'s five user
            messages and returns ``(model_calls, last_answer)``: the
            :class:`memlab.api.wire.Exchange` of every model call it made (each has
            ``input`` and ``usage``), and turn 5's final output. It is called
            only when every value of ``prediction`` is filled in.

    Returns:
        A report: one line per fact and one for the probe (✓ when you predicted
        it right), the tally, and what the calls cost.
    """
    report = Prediction(TITLE)
    if not isinstance(prediction, dict) or any(prediction.get(key) is None for key in PREDICTION_KEYS):
        report.not_started = True
        return report
    unknown = [key for key in PREDICTION_KEYS if not isinstance(prediction[key], bool)]
    if unknown:  # nothing is played or counted until every entry is a bool
        report.not_started = True
        report.todo = (
            f"{'; '.join(f'{key!r} is {prediction[key]!r}, not True or False' for key in unknown)}: "
            "write True or False (no quotes) for each, run the cell above, then run this cell again"
        )
        return report
    calls, answer = await replay()
    if not calls:
        report.lines.append("  ✗ the replay made no model call: return (model calls, last answer) from it")
        return report
    turn_5 = "\n".join(item_text(item) for item in calls[-1].input)
    for fact in LAPTOP.facts:
        sent = has_fact(turn_5, fact.key, fact.value)
        guessed = prediction[fact.key]
        report.total += 1
        report.right += guessed == sent
        mark = "✓" if guessed == sent else "✗"
        where = "sent at turn 5" if sent else "not sent at turn 5"
        report.lines.append(
            f"  {mark} {fact.key} ({fact.value!r}, planted at turn {fact.turn}): {where} ({_said(guessed, 'sent', 'not sent')})"
        )
    probe = LAPTOP.probes[0]
    right = states(answer, probe.expected, ignore_case=True)
    guessed = prediction["answers the probe"]
    report.total += 1
    report.right += guessed == right
    mark = "✓" if guessed == right else "✗"
    verdict = f"right: it says {probe.expected!r}" if right else f"wrong: it does not say {probe.expected!r}"
    report.lines.append(
        f"  {mark} turn 5, {probe.question!r} → {answer!r} — {verdict} ({_said(guessed, 'right', 'wrong')})"
    )
    first, last = calls[0].usage["input_tokens"], calls[-1].usage["input_tokens"]
    report.notes.append(f"{len(calls)} model calls: the first was billed {first:,} input tokens, the last {last:,}.")
    return report
