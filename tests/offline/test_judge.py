"""The offline judge checks a note's claims against the transcript, not its wording.

The corrupted set: notes the offline summarizer writes for LONG, ROUTER and a
conversation of this module's own (a tablet and a monitor), each corrupted
programmatically in one way — an outcome turned around, a version changed, an
action invented, a status flipped, a step dropped, the steps denied. Each
corrupted note must score strictly lower than the clean one on the criterion
it breaks, and the same on the others. Notes written by hand in other words
(and other headings) must not lose points for wording.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pandas as pd
import pytest

from memlab.evals import JUDGE_CRITERIA, judge_summary
from memlab.offline import offline_client, transcript
from memlab.scenario import BACKENDS, LONG, ROUTER
from memlab.items import user
from tests.helpers import offline_summarizer, scripted

#: A conversation the scenario does not script: one issue left open, one resolved.
TABLET = (
    "My tablet won't charge since last Friday.",
    "I tried another charger and held the power button for 20 seconds; it still won't charge.",
    "I updated the tablet's software to version 17.2, no change.",
    "Second issue: my monitor flickers every morning.",
    "I installed the newest driver and the flicker is gone.",
    "Please reach me by phone.",
)

CONVERSATIONS: dict[str, Callable[[], list]] = {
    "router": lambda: scripted(ROUTER),
    "long": lambda: scripted(LONG),
    "tablet": lambda: transcript(TABLET, BACKENDS),
}


async def grade(note: str, items: list) -> pd.DataFrame:
    return (await judge_summary(note, items, client=offline_client())).set_index("criterion")


_clean: dict[str, tuple[list, str, pd.DataFrame]] = {}


async def clean(name: str) -> tuple[list, str, pd.DataFrame]:
    """The conversation's items, the offline summarizer's note on them, and its grades (computed once)."""
    if name not in _clean:
        items = CONVERSATIONS[name]()
        _, note = await offline_summarizer().summarize(items)
        _clean[name] = (items, note, await grade(note, items))
    return _clean[name]


# ------------------------------------------------------------------ the corruptions


def _section(note: str, name: str) -> tuple[int, int]:
    """Where the body of section ``name`` starts and ends in ``note``."""
    match = re.search(rf"^## {name}[^\n]*\n(.*?)(?=\n\n## |\Z)", note, re.M | re.S)
    assert match, f"no section {name!r} in the note"
    return match.span(1)


def negate_outcome(note: str) -> str:
    """The first step's result turned around: "→ it still drops" becomes "→ fixed, it works now"."""
    start, end = _section(note, "Steps tried")
    lines = note[start:end].split("\n")
    at = next(i for i, line in enumerate(lines) if "→" in line)
    head, _, result = lines[at].partition("→")
    worked = re.search(r"\b(?:works?|gone|fine|good|normal)\b", result)
    lines[at] = f"{head}→ " + ("it still fails" if worked else "fixed, it works now")
    return note[:start] + "\n".join(lines) + note[end:]


def wrong_version(note: str) -> str:
    """The note's first version number, one patch level up, wherever it appears (2.2.0 → 2.2.1)."""
    version = re.search(r"\b\d+(?:\.\d+)+\b", note).group(0)
    *head, last = version.split(".")
    return note.replace(version, ".".join([*head, str(int(last) + 1)]))


def invent_action(note: str) -> str:
    """A promise nobody made, added to the status."""
    _, end = _section(note, "Current status")
    return note[:end] + "\n- Agent promised a full refund and a factory reset of the device." + note[end:]


def wrong_status(note: str) -> str:
    """The first open issue marked resolved."""
    assert "[open]" in note
    return note.replace("[open]", "[resolved]", 1)


def drop_step(note: str) -> str:
    """The last line of the steps section left out."""
    start, end = _section(note, "Steps tried")
    lines = note[start:end].split("\n")[:-1] or ["- none"]
    return note[:start] + "\n".join(lines) + note[end:]


def deny_steps(note: str) -> str:
    """The steps section replaced by a denial of what the customer did."""
    start, end = _section(note, "Steps tried")
    return note[:start] + "- The customer has not restarted, updated or installed anything yet." + note[end:]


CORRUPTIONS: dict[str, tuple[Callable[[str], str], str]] = {
    "negated outcome": (negate_outcome, "steps_tried"),
    "wrong version": (wrong_version, "no_invented_facts"),
    "invented action": (invent_action, "no_invented_facts"),
    "wrong status": (wrong_status, "current_status"),
    "dropped step": (drop_step, "steps_tried"),
    "denied steps": (deny_steps, "steps_tried"),
}


@pytest.mark.parametrize("name", CONVERSATIONS)
async def test_the_offline_summarizers_clean_notes_score_full_marks(name) -> None:
    _, note, verdict = await clean(name)
    assert list(verdict["score"]) == [5] * len(JUDGE_CRITERIA), verdict["reason"].to_dict()


@pytest.mark.parametrize("corruption", CORRUPTIONS)
@pytest.mark.parametrize("name", CONVERSATIONS)
async def test_a_corrupted_note_loses_points_on_the_criterion_it_breaks(name, corruption) -> None:
    items, note, before = await clean(name)
    corrupt, criterion = CORRUPTIONS[corruption]
    bad = corrupt(note)
    assert bad != note
    after = await grade(bad, items)
    assert after.loc[criterion, "score"] < before.loc[criterion, "score"], after.loc[criterion, "reason"]
    assert after.loc[criterion, "reason"] != "ok"
    others = [c for c in JUDGE_CRITERIA if c != criterion]
    assert list(after.loc[others, "score"]) == list(before.loc[others, "score"]), after.loc[others, "reason"].to_dict()


# ------------------------------------------------------------------ what the reasons say


async def test_the_issues_examples_each_lose_points_and_the_reason_names_the_claim() -> None:
    items, note, _ = await clean("router")
    # "power-cycled → fixed … [resolved]" with a wrong firmware version
    fixed = (note.replace("→ it still drops", "→ fixed").replace("[open]", "[resolved]").replace("2.2.0", "2.3.0"))
    verdict = await grade(fixed, items)
    assert verdict.loc["steps_tried", "score"] < 5
    assert "says power-cycled worked; the transcript says" in verdict.loc["steps_tried", "reason"]
    assert "says power-cycled worked; the transcript says 'it still drops'" in verdict.loc["steps_tried", "reason"]
    assert verdict.loc["current_status", "score"] < 5 and "(resolved)" in verdict.loc["current_status", "reason"]
    assert verdict.loc["no_invented_facts", "reason"] == "not in the transcript: firmware 2.3.0"
    # "has not restarted or updated anything"
    denied = re.sub(r"- Router: Power-cycled[^\n]*", "- Router: the customer has not restarted or updated anything.", note)
    verdict = await grade(denied, items)
    assert verdict.loc["steps_tried", "score"] <= 1
    assert "says the customer did not restart" in verdict.loc["steps_tried", "reason"]
    assert "says the customer did not update" in verdict.loc["steps_tried", "reason"]


async def test_a_number_needs_its_unit_and_an_action_needs_a_mention_that_is_not_negated() -> None:
    items = [
        user("My router drops the wifi; I unplugged it for 30 seconds and it still drops."),
        {"role": "assistant", "content": "Sorry, there is no refund for that model. Shall we try a replacement?"},
    ]
    note = "\n".join([
        "## Steps tried and results", "- Unplugged the router for 30 days → still drops", "",
        "## Current status and blockers", "- Router still drops; the agent offered a refund.", "",
        "## Next recommended step", "- Arrange a replacement.",
    ])
    verdict = await grade(note, items)
    assert verdict.loc["no_invented_facts", "reason"] == "not in the transcript: for 30 days, a refund"
    ok = note.replace("30 days", "30 seconds").replace("the agent offered a refund", "no refund is possible")
    assert (await grade(ok, items)).loc["no_invented_facts", "score"] == 5


async def test_a_question_does_not_support_a_claim() -> None:
    items = [user("My tablet won't charge."), user("Would a factory reset help?")]
    note = "## Current status and blockers\n- Tablet: a factory reset was done; it still won't charge."
    verdict = await grade(note, items)
    assert verdict.loc["no_invented_facts", "reason"] == "not in the transcript: a factory reset"


async def test_every_issue_resolved_is_wrong_while_one_is_open() -> None:
    items, note, _ = await clean("tablet")
    start, end = _section(note, "Current status")
    claim = note[:start] + "- All reported issues are resolved." + note[end:]
    verdict = await grade(claim, items)
    assert verdict.loc["current_status", "score"] == 2
    assert verdict.loc["current_status", "reason"].startswith("says every issue is resolved")


# ------------------------------------------------------------------ other words, same facts

ROUTER_IN_OTHER_WORDS = """\
## Device
- A NetHub AX3000 router (order ORD-48213, delivered 2025-01-17), now on firmware 2.2.0.

## Problem
- [open] Since last Tuesday the wifi cuts out every evening.

## What was tried
- The customer rebooted it two times and upgraded the firmware to 2.2.0, but the connection still drops.

## Status
- Unresolved: the router keeps dropping the wifi. The customer wants updates by email.

## Next step
- Offer remote diagnostics on the router.
"""

TABLET_IN_OTHER_WORDS = """\
## Issues
- [open] The tablet does not charge (since last Friday).
- [resolved] The monitor flickered every morning; a new driver fixed it.

## Steps
- Tablet: held the power button for 20 seconds and tried a different charger; no luck.
- Tablet: software updated to version 17.2; it still does not charge.
- Monitor: installed the latest driver, and the flicker went away for good: it works.

## Timeline
- Tablet: since last Friday. Monitor: every morning.

## Status
- Tablet still not charging; monitor fine now. Reach the customer by phone.

## Next step
- Arrange a repair for the tablet.
"""

LONG_IN_OTHER_WORDS = """\
## Products
- Aero 14 laptop (serial SN-AX7Q42PL, out of warranty since 2023-03-21), Pulse headset, NetHub AX3000 router, earbuds.

## Issues
- [open] Headset missing from order ORD-73914 (delivered 2025-03-04); ticket TCK-155878 is open with the warehouse.
- [open] Laptop fan very loud and hot; diagnostics report E-3120 (fan speed sensor out of range).
- [resolved] Router dropped the connection every evening; fine after the firmware update.
- [resolved] Earbuds would not pair, then the left one had no sound; fixed by cleaning the mesh.
- [resolved] Laptop screen flickered on battery; a new graphics driver fixed it.
- [resolved] Forgotten support password; the reset email was in spam.
- [resolved] Keyboard backlight switching off; the customer found the setting.

## Steps tried
- Laptop fan: vents checked and clear, laptop rebooted; still loud.
- Router: unplugged for a minute, came back but dropped again an hour later; then updated from 2.1.4 and it rebooted itself; lights normal now.
- Earbuds: balance was fine; cleaning the mesh made them work again.
- Screen: no flicker on an external monitor; reinstalling the graphics driver solved it.
- Password: reset email found in the spam folder.
- Backlight: the customer changed the keyboard setting.

## Timeline
- Router drops every evening; dropped again an hour later after unplugging.
- Fan repair planned for later this week.

## Status
- Headset still missing, ticket TCK-155878 open. Laptop fan unresolved (a repair would be paid). Contact by SMS only.

## Next step
- Send the prepaid repair box for the laptop fan and follow up on TCK-155878.
"""


@pytest.mark.parametrize(("name", "note"), [
    ("router", ROUTER_IN_OTHER_WORDS), ("tablet", TABLET_IN_OTHER_WORDS), ("long", LONG_IN_OTHER_WORDS)])
async def test_a_correct_note_in_other_words_is_not_punished_for_wording(name, note) -> None:
    items = CONVERSATIONS[name]()
    verdict = await grade(note, items)
    assert list(verdict["score"]) == [5] * len(JUDGE_CRITERIA), verdict["reason"].to_dict()


def test_the_rubric_says_what_the_offline_judge_checks() -> None:
    invented, steps, status = (JUDGE_CRITERIA[k] for k in ("no_invented_facts", "steps_tried", "current_status"))
    assert all(word in invented for word in ("number", "version", "refund", "factory reset", "step"))
    assert "result" in steps and "still drops" in steps
    assert "open or resolved" in status and "last word" in status


async def test_not_fixed_by_a_step_says_the_step_was_taken_not_that_it_was_not() -> None:
    note = ROUTER_IN_OTHER_WORDS.replace(
        "Unresolved: the router keeps dropping the wifi.", "The router is not fixed by a power-cycle and a firmware update.")
    verdict = await grade(note, CONVERSATIONS["router"]())
    assert list(verdict["score"]) == [5] * len(JUDGE_CRITERIA), verdict["reason"].to_dict()


async def test_a_repair_is_not_a_step_of_re_pairing() -> None:
    items = [user("My phone screen cracked and the bottom no longer responds."), user("I booked a phone repair for Friday.")]
    note = "## Steps tried and results\n- none\n\n## Current status and blockers\n- Phone: open, repair booked."
    assert (await grade(note, items)).loc["steps_tried", "reason"] == "ok"
