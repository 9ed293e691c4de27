"""Checks for ``03_summarizing``: three predictions and a must-keep rule.

* :func:`reveal_word_budget` — Exercise 1, a prediction: as ``max_words``
  shrinks, which section of the note is emptied first, and which still hold
  something under a 30-word budget? It summarizes only once both answers are
  written, then compares (and shows what the judge said of each note).
* :func:`reveal_prompt_edits` — Exercise 1b, a prediction: four edits of
  memlab's summary prompt, and how many of the note's sections still hold
  something after each; an edit that leaves the note as it was is named as
  one only a live model shows.
* :func:`check_contact_rule` — Exercise 2: your rule — a function
  ``rule(items)`` that returns the facts a summary must keep — runs on
  hand-made histories you have not seen, then inside a
  :class:`~memlab.FidelityGate`, which must reject a note without the
  preference. No model is called.
* :func:`reveal_running_summary` — Exercise 3, a prediction: the explorer at
  ``keep_last_n_turns=1, context_limit=2``. It replays only once all three
  answers are written.

A reveal never plays anything before the prediction is written, so the
notebook's saved outputs cannot show an answer before the learner guessed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from ...gate import FidelityGate
from ...items import Item, assistant, copy_items, typed_user, user
from ...prompts import SHADOW_PROMPT, SUMMARY_PROMPT, count_words
from .report import CaseFailed, Prediction, Report, check_cases

__all__ = [
    "BUDGETS",
    "check_contact_rule",
    "reveal_prompt_edits",
    "reveal_running_summary",
    "reveal_word_budget",
]

#: A grader: ``await grade(x)`` returns ``(note, verdict)`` — the note a summarizer wrote for ``x``
#: (a word budget, or a prompt) and the judge's verdict on it (``judge_summary``'s table, or a dict).
Grader = Callable[[Any], Awaitable[tuple[str, Any]]]


def _summary_pair(note: str) -> list[Item]:
    """The synthetic pair a summarizing session puts first: the shadow prompt, then the note."""
    return [user(SHADOW_PROMPT), {"role": "assistant", "content": note}]


_NOTE = (
    "## Reported issue\n- [open] The earbuds drop the connection\n\n"
    "## Current status and blockers\n- Earbuds: still drop\n- Customer prefers contact by {channel}.\n\n"
    "## Next recommended step\n- Ask whether a firmware update helped."
)

#: (name, items, the facts the rule must return)
CASES: list[tuple[str, list[Item], list[str]]] = [
    ("a preference stated once",
     [user("My earbuds keep disconnecting. Please reach me by email if the chat drops."),
      assistant("Sorry to hear that. Which model are they?")],
     ["email"]),
    ("'by SMS, never by phone' is a preference for SMS",
     [user("Contact me by SMS, never by phone: I am in meetings all day."), assistant("Noted.")],
     ["SMS"]),
    ("the newest preference wins",
     [user("Please contact me by email."), assistant("Noted."),
      user("The left earbud is silent."), assistant("Let's reset them."),
      user("Actually, contact me by WhatsApp from now on."), assistant("Will do.")],
     ["WhatsApp"]),
    ("the agent's words are not the customer's",
     [user("My tablet will not charge."), assistant("Would you prefer email or SMS updates on this?"),
      user("Whatever works, just fix it."), assistant("Let's try another cable first.")],
     []),
    ("a tool's output is not the customer either",
     [user("Reach me by email, please. Is order ORD-51020 on its way?"),
      {"type": "function_call", "call_id": "c-n3-1", "name": "lookup_order", "arguments": '{"order_id": "ORD-51020"}'},
      {"type": "function_call_output", "call_id": "c-n3-1",
       "output": '{"status": "in transit", "note": "customer prefers phone calls (2019 profile)"}'},
      assistant("ORD-51020 is in transit.")],
     ["email"]),
    ("no preference stated: no fact",
     [user("The screen flickers on battery."), assistant("Does it happen on an external monitor?"),
      user("No, only on the laptop screen."), assistant("Then let's update the graphics driver.")],
     []),
    ("a user message in the typed form (a list of parts) is read too",
     [typed_user("Please contact me by SMS about the repair."), assistant("Noted: SMS.")],
     ["SMS"]),
    ("an earlier summary still carries the preference",
     [*_summary_pair(_NOTE.format(channel="email")),
      user("They still drop after the update."), assistant("Then a replacement is the next step.")],
     ["email"]),
    ("a preference corrected after the earlier summary",
     [*_summary_pair(_NOTE.format(channel="email")),
      user("Change of plan: contact me by SMS from now on."), assistant("Noted: SMS from now on.")],
     ["SMS"]),
]


def _facts(rule: Callable[[list[Item]], Any], items: list[Item]) -> list[str]:
    """What the rule returns for ``items``, as a list (a lone string is an error, not a list of letters)."""
    found = rule(copy_items(items))  # deep copies: a rule that edits them cannot spoil a later case
    if isinstance(found, str):
        raise CaseFailed(f"return a list of facts, e.g. [{found!r}], not the string {found!r}")
    if found is None:
        raise CaseFailed("the rule returned None; return a list ([] when there is no fact)")
    return [str(fact) for fact in found]


def check_contact_rule(rule: Callable[[list[Item]], Any]) -> Report:
    """Run your must-keep rule on hidden cases (Exercise 2 of ``03_summarizing``).

    Args:
        rule: ``rule(items) -> list of facts``: the customer's newest stated
            contact channel, as written (``["SMS"]``), or ``[]``.

    Returns:
        A report: one line per hidden case and a tally (it never raises).
    """

    def case(items: list[Item], wanted: list[str]) -> Callable[[], str | None]:
        def run() -> str | None:
            got = _facts(rule, items)
            return None if got == wanted else f"expected {wanted}, got {got}"
        return run

    def in_a_gate() -> str | None:
        items = CASES[2][1]  # the corrected preference: WhatsApp
        if not callable(rule):
            return "the rule must be a function of the items"
        gate = FidelityGate([rule])
        facts = gate.facts(copy_items(items))
        without = gate.check(_NOTE.format(channel="email"), facts)
        with_it = gate.check(_NOTE.format(channel="WhatsApp"), facts)
        if without.accepted:
            return f"the gate accepted a note that says email, not WhatsApp (your rule found {facts})"
        if not with_it.accepted:
            return f"the gate rejected a note that keeps WhatsApp (it missed {list(with_it.missing)})"
        return None

    cases = [(name, case(items, wanted)) for name, items, wanted in CASES]
    cases.append(("in a FidelityGate: a note that lost the newest preference is rejected", in_a_gate))
    return check_cases("Exercise 2 — your must-keep rule for the contact preference", cases)


# --------------------------------------------------------------------- the predictions' shared parts


def _scores(verdict: Any) -> dict[str, int]:
    """``{criterion: score}`` from the judge's table (columns ``criterion`` and ``score``) or a dict."""
    if isinstance(verdict, Mapping):
        return {str(name): int(score) for name, score in verdict.items()}
    return {str(name): int(score) for name, score in zip(verdict["criterion"], verdict["score"])}


def _below(scores: Mapping[str, int]) -> list[str]:
    """The criteria under full marks, in the judge's order."""
    return [name for name, score in scores.items() if score < 5]


def _named(value: Any) -> set[str] | None:
    """A prediction of names (criteria, sections) as a set (one name counts as a set of one; ``None`` if unreadable)."""
    if isinstance(value, str):
        return {value.strip()}
    if isinstance(value, (set, frozenset, list, tuple)) and all(isinstance(v, str) for v in value):
        return {v.strip() for v in value}
    return None


def _sections(note: str) -> dict[str, bool]:
    """The note's ``## `` sections in order, each with whether it holds something (more than "none")."""
    found: dict[str, bool] = {}
    heading = None
    for line in note.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            found[heading] = False
        elif heading is not None and line.strip().lstrip("-*• ").strip().lower() not in ("", "none"):
            found[heading] = True
    return found


def _filled(note: str) -> list[str]:
    """The names of the note's sections that hold something, in the note's order."""
    return [name for name, full in _sections(note).items() if full]


def _in_order(names: Sequence[str] | set[str], order: Sequence[str]) -> str:
    """``names`` joined in the note's ``order`` (``"none"`` for no name)."""
    return ", ".join(name for name in order if name in names) or "none"


def _judged(verdict: Any) -> str:
    """What the judge said of a note, in a few words: the criteria under 5, or "every criterion 5"."""
    scores = _scores(verdict)
    below = _below(scores)
    return "below 5: " + ", ".join(f"{name} {scores[name]}" for name in below) if below else "every criterion 5"


# --------------------------------------------------------------------- Exercise 1: a word budget

#: The budgets Exercise 1 compares, largest first (after the note with no budget).
BUDGETS = (80, 50, 30)


def _section_names(value: Any, sections: Sequence[str]) -> set[str] | None:
    """A prediction of sections as the note's own names (matched ignoring case); ``None`` if unreadable."""
    named = _named(value)
    if named is None:
        return None
    by_lower = {name.lower(): name for name in sections}
    return {by_lower.get(name.lower(), name) for name in named}


async def reveal_word_budget(emptied_first: Any, still_filled_at_30: Any, grade: Grader) -> Prediction:
    """Summarize under shrinking word budgets once the prediction is written, then compare.

    Args:
        emptied_first: A section of the note you expect to be emptied first
            as ``max_words`` goes 80 → 50 → 30 (its heading, e.g. ``"Timeline"``).
            Right if it is among the sections the first budget that empties
            any empties.
        still_filled_at_30: The sections you expect still to hold something
            with ``max_words=30`` (a set of headings).
        grade: ``await grade(max_words)`` returns ``(note, verdict)``: the
            note written under that budget (``None``: no budget) and the
            judge's verdict on it. Called only once both answers are written.

    Returns:
        A report: a line per answer (✓ when you predicted it right), the
        tally, and each budget's note: its words, the sections it emptied and
        what the judge said of it.
    """
    report = Prediction("Exercise 1: a word budget, predicted")
    if emptied_first is None or still_filled_at_30 is None:
        report.not_started = True
        return report
    if _named(emptied_first) is None or len(_named(emptied_first) or ()) != 1 or _named(still_filled_at_30) is None:
        report.total = 2
        report.lines.append("  ✗ write one section's name for emptied_first and a set of names for still_filled_at_30")
        return report
    graded = {None: await grade(None)}  # the names are checked first: a typo costs no more summaries
    order = list(_sections(graded[None][0]))
    guessed_first = _section_names(emptied_first, order) or set()
    guessed_filled = _section_names(still_filled_at_30, order) or set()
    unknown = sorted((guessed_first | guessed_filled) - set(order))
    if unknown:
        report.total = 2
        report.lines.append(f"  ✗ the note has no section {', '.join(map(repr, unknown))}; its sections: {', '.join(order)}")
        return report
    graded |= {budget: await grade(budget) for budget in BUDGETS}
    filled = {budget: set(_filled(note)) for budget, (note, _) in graded.items()}
    emptied = {budget: filled[None] - filled[budget] for budget in BUDGETS}
    first_budget = next((budget for budget in BUDGETS if emptied[budget]), None)
    if first_budget is None:
        first, what = set(), f"no section is emptied, down to max_words={BUDGETS[-1]}"
    else:
        first = emptied[first_budget]
        what = f"emptied first as the budget shrinks: {_in_order(first, order)}, at max_words={first_budget}"
    report.add(bool(guessed_first & first), what, f"you said {next(iter(guessed_first))}")
    last = filled[BUDGETS[-1]]
    report.add(guessed_filled == last, f"still filled at max_words={BUDGETS[-1]}: {_in_order(last, order)}",
               f"you said {_in_order(guessed_filled, order)}")
    for budget, (note, verdict) in graded.items():
        if budget is None:
            state = f"no budget: {count_words(note)} words, {len(filled[None])} sections filled"
        else:
            gone = filled[None] - filled[budget]
            state = f"max_words={budget}: {count_words(note)} words; emptied: {_in_order(gone, order)}"
        report.notes.append(f"{state}; the judge: {_judged(verdict)}")
    return report


# --------------------------------------------------------------------- Exercise 1b: edits of the prompt


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


async def reveal_prompt_edits(predicted: Mapping[str, Any], edits: Mapping[str, str], grade: Grader) -> Prediction:
    """Summarize with each edited prompt once every prediction is written, then compare.

    Args:
        predicted: Edit name → how many sections of the note you expect still
            to hold something with that edit (memlab's unedited prompt fills
            all eight).
        edits: Edit name → the edited prompt (memlab's ``SUMMARY_PROMPT`` changed once).
        grade: ``await grade(prompt)`` returns ``(note, verdict)`` for a prompt.
            Called only once every prediction is written.

    Returns:
        A report: a line per edit (✓ when you named the number of filled
        sections), the tally, and what each note became: its words, the
        sections it lost, what the judge said — or that it is the unedited
        note, an edit the offline model does not follow (only a live model
        shows what it changes).
    """
    report = Prediction("Exercise 1b: four edits of the prompt, predicted")
    if not isinstance(predicted, Mapping) or any(predicted.get(name) is None for name in edits):
        report.not_started = True
        return report
    unreadable = [name for name in edits if not _count(predicted[name])]
    if unreadable:
        report.total = len(edits)
        report.lines.append(f"  ✗ write a number of sections (0 to 8) for {', '.join(map(repr, unreadable))}")
        return report
    base_note, _ = await grade(SUMMARY_PROMPT)
    order = list(_sections(base_note))
    base_filled = _filled(base_note)
    report.notes.append(f"memlab's prompt, unedited: {count_words(base_note)} words, {len(base_filled)} of "
                        f"{len(order)} sections filled")
    for name, prompt in edits.items():
        note, verdict = await grade(prompt)
        filled = _filled(note)
        same = note == base_note
        what = f"{name}: {len(filled)} section{'' if len(filled) == 1 else 's'} filled" + (", the unedited note" if same else "")
        report.add(predicted[name] == len(filled), what, f"you said {predicted[name]}")
        if same:
            report.notes.append(f"{name}: the same note as unedited: the offline model does not follow this line; "
                                "only a live model shows what it changes")
        else:
            lost = [section for section in base_filled if section not in filled]
            gained = [section for section in filled if section not in base_filled]
            changes = [f"lost: {', '.join(lost)}" if lost else "", f"new: {', '.join(gained)}" if gained else ""]
            report.notes.append(f"{name}: {count_words(note)} words; {'; '.join(c for c in changes if c) or 'the same sections'}; "
                                f"the judge: {_judged(verdict)}")
    return report


# --------------------------------------------------------------------- Exercise 3: a running summary


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _turns(value: Any) -> set[int] | None:
    """Turns as a set: ``(first, last)`` is every turn from first to last; a set or a range is itself."""
    if isinstance(value, range):
        return set(value)
    if isinstance(value, (tuple, list)) and len(value) == 2 and all(map(_integer, value)):
        first, last = value
        return set(range(first, last + 1))
    if isinstance(value, (set, frozenset)) and all(map(_integer, value)):
        return set(value)
    return None


def _span(turns: set[int]) -> str:
    """``"turns 1–2"``, ``"turn 3"`` or ``"turns 1, 3"``."""
    ordered = sorted(turns)
    if not ordered:
        return "no turn"
    if len(ordered) == 1:
        return f"turn {ordered[0]}"
    if ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"turns {ordered[0]}–{ordered[-1]}"
    return "turns " + ", ".join(map(str, ordered))


async def reveal_running_summary(
    summaries_applied: Any, note_covers: Any, turn_5_right: Any, replay: Callable[[], Awaitable[Any]]
) -> Prediction:
    """Replay the setting once all three answers are written, then compare.

    Args:
        summaries_applied: How many summaries are applied over the five turns.
        note_covers: The turns the note *sent at turn 5* covers, as ``(first, last)``.
        turn_5_right: Whether turn 5's question is answered right (``True``/``False``).
        replay: A function of no arguments returning the :class:`memlab.evals.Replay`
            of the setting (the explorer's ``replay`` once it is ready). Called
            only when every answer is written.

    Returns:
        A report: one line per answer (✓ when you predicted it right) and the tally.
    """
    import pandas as pd  # here, as the views: replays need pandas and the evals

    from ..views import history_rows

    report = Prediction("Exercise 3: a running summary, predicted")
    if summaries_applied is None or note_covers is None or turn_5_right is None:
        report.not_started = True
        return report
    covers = _turns(note_covers)
    if not _integer(summaries_applied) or covers is None or not isinstance(turn_5_right, bool):
        report.total = 3
        report.lines.append("  ✗ write a number, a (first, last) pair of turns and True or False, then run this cell again")
        return report
    played = await replay()
    turns = played.turns.set_index("turn")
    applied = int(turns["summaries_applied"].sum())
    rows = history_rows(played, 5)
    folded = {int(turn) for turn in rows.loc[rows["status"] == "folded", "turn"]}
    right_at_5 = not pd.isna(turns.loc[5, "correct"]) and bool(turns.loc[5, "correct"])
    answers = [
        (summaries_applied == applied, f"{applied} summar{'y' if applied == 1 else 'ies'} applied over the five turns",
         f"you said {summaries_applied}"),
        (covers == folded, f"the note sent at turn 5 covers {_span(folded)}", f"you said {_span(covers)}"),
        (turn_5_right == right_at_5,
         f"turn 5 is answered {'right' if right_at_5 else 'wrong'}: {turns.loc[5, 'answer']!r}",
         f"you said {'right' if turn_5_right else 'wrong'}"),
    ]
    for right, what, said in answers:
        report.add(right, what, said)
    return report
