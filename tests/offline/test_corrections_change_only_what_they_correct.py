"""A correction changes the one value it corrects, and recall tells the value as it now is.

An outside tester's bookkeeping chat: "February revenue was actually $17,910" once rewrote January's "$18,240" as
"$17,240" and March's "$21,030" as "$17,030" (a thousands separator split the amount in two, and every sentence
sharing a word was "corrected"). "Sorry, the lease ends on 31 October" gave "ends on 31 September", a date that
does not exist. With full memory, "What's my goal time now?" was answered with the goal before it was lowered.
"""

from __future__ import annotations

import pytest
from agents import Agent

from memlab.offline.reading import tokens

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

COACH = Agent(name="Coach", instructions="You are a running coach. Remember what the athlete tells you.")


def test_an_amount_with_a_thousands_separator_is_one_token() -> None:
    assert tokens("January revenue was $18,240, up from 9,100 (items 1,2,3).") == [
        "January", "revenue", "was", "$18,240", "up", "from", "9,100", "items", "1", "2", "3"]


@pytest.mark.parametrize("prompt", [None, "Summarize the books.\n\n## Revenue\n## People\n"])
async def test_a_corrected_month_leaves_the_other_months_as_they_were(prompt: str | None) -> None:
    _, note = await offline_summarizer(prompt=prompt).summarize(said(
        "January revenue was $18,240.", "February revenue was $16,910.", "March revenue was $21,030.",
        "Oops, February revenue was actually $17,910, I mistyped.", "My accountant is Joanne Pike."))
    assert "$18,240" in note and "$21,030" in note and "$17,910" in note, note
    assert "$16,910" not in note and "$17,240" not in note and "$17,030" not in note, note


async def test_a_corrected_date_is_corrected_whole_and_an_amount_beside_it_kept() -> None:
    _, note = await offline_summarizer().summarize(said(
        "The lease on the old place ends on 30 September.", "Sorry, the lease ends on 31 October, I misread it."))
    assert "31 October" in note and "September" not in note, note
    _, note = await offline_summarizer().summarize(said(
        "The wedding date is 12 June 2026.", "Our budget for the whole wedding is 32,000 euros.",
        "Actually the date is 14 June 2026, not the 12th."))
    assert "32,000 euros" in note and "14 June 2026" in note and "12 June" not in note, note


async def test_a_value_lowered_later_is_recalled_as_it_now_is() -> None:
    replies = await turns(COACH, ["My goal time is 3 hours 45 minutes.",
                                  "My physio is Sanne Kuipers, and my next appointment with her is on 4 March.",
                                  "Correction: the appointment with Sanne is on 6 March, not the 4th.",
                                  "Let's lower the goal to 3 hours 55 minutes, to be safe.",
                                  "What's my goal time now?", "When do I see the physio next?"])
    assert "3 hours 55 minutes" in replies[4][1] and "45" not in replies[4][1], replies[4][1]
    assert "6 March" in replies[5][1] and "4 March" not in replies[5][1], replies[5][1]


async def test_an_earlier_value_not_changed_is_still_the_one_told() -> None:
    replies = await turns(COACH, ["My goal time is 3 hours 45 minutes.", "My long run is 24 km on Sundays.",
                                  "Actually, the long run moved to Saturdays.", "What's my goal time?"])
    assert "3 hours 45 minutes" in replies[3][1], replies[3][1]
