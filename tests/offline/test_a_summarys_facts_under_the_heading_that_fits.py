"""A summary prompt's sections of the writer's own each hold the facts that fit them best, and only those.

An outside tester's renovation chat under five numbered sections of their own: the contractor was filed under
"Materials and design choices", the plumber's extra cost under three sections, and "Schedule" and "Undecided
items" said "none" although two dates and an undecided vanity were told. A party planner's "## Date" and
"## Guests" said "none" after "The date is Sunday 7 September." and "We expect 35 guests". A research memo's
"Deadlines" held the researcher's introduction instead of "The grant report is due on November 15.", and
"Correction: it's 52 stations" left "48 weather stations" in the note; "Identifiers" listed "job 92,000-word".
"""

from __future__ import annotations

import pytest

from ..helpers import offline_summarizer, said, sections

pytestmark = pytest.mark.usefixtures("api")


BATHROOM = said(
    "We're renovating the upstairs bathroom at 14 Birch Lane.",
    "The contractor is Kowalski & Daughters, project lead is Ewa Kowalski.",
    "Quote is $18,500 including labour.",
    "We chose large grey porcelain tiles, 60 by 120 cm.",
    "Demolition starts on September 8.",
    "The plumber found a corroded cast-iron stack that must be replaced, extra $2,100.",
    "Inspection is booked for October 2.",
    "We haven't picked a vanity yet.")

NUMBERED = """Summarize the renovation so far using exactly these numbered sections, in this order:

1. Property and contractor
2. Money (quote, extras)
3. Materials and design choices
4. Schedule
5. Undecided items
"""


async def test_each_fact_goes_to_the_section_it_fits_best() -> None:
    _, note = await offline_summarizer(prompt=NUMBERED).summarize(BATHROOM)
    parts = sections(note)
    assert list(parts) == ["Property and contractor", "Money (quote, extras)", "Materials and design choices",
                           "Schedule", "Undecided items"], note
    assert "14 Birch Lane" in parts["Property and contractor"] and "Kowalski" in parts["Property and contractor"]
    assert "Kowalski" not in parts["Materials and design choices"], note
    assert "$18,500" in parts["Money (quote, extras)"] and "$2,100" in parts["Money (quote, extras)"]
    assert "$2,100" not in parts["Property and contractor"] + parts["Materials and design choices"], note
    assert "porcelain tiles" in parts["Materials and design choices"], note
    assert "September 8" in parts["Schedule"] and "October 2" in parts["Schedule"], note
    assert "vanity" in parts["Undecided items"], note


PARTY = """Summarize under these headings, in this order:
## Venue
## Date
## Budget
## Catering
## Guests
Write 'none' under a heading only if nothing was said about it."""


async def test_a_date_said_plainly_and_a_head_count_fill_their_headings() -> None:
    _, note = await offline_summarizer(prompt=PARTY).summarize(said(
        "The venue is the Scout hut on Fenwick Road.", "The date is Sunday 7 September.", "Our budget is £600.",
        "We expect 35 guests, including 8 children.", "Actually the date moved to Sunday 14 September."))
    parts = sections(note)
    assert "14 September" in parts["Date"] and "7 September" not in note, note
    assert "35 guests" in parts["Guests"], note
    assert parts["Catering"] == "- none\n", note


MEMO = """You write a project memo. Use these sections, each a name followed by a colon:

Question:
    The research question being studied.
Data:
    Datasets, sample sizes and where the data comes from.
Deadlines:
    Every deadline with its date.
Risks:
    Problems that could delay the project.
"""


async def test_a_deadline_due_on_a_date_and_a_corrected_count_of_something_named_between() -> None:
    _, note = await offline_summarizer(prompt=MEMO).summarize(said(
        "I'm Dr. Okafor; my project asks whether urban tree cover lowers summer night-time temperatures.",
        "Ground truth comes from 48 weather stations run by the Metro Climate Network.",
        "Correction: it's 52 stations, four more were added in January.",
        "The grant report is due on November 15.",
        "A risk: cloud cover may remove up to 30% of the summer scenes."))
    parts = sections(note)
    assert "52 weather stations" in parts["Data"] and "48" not in note, note
    assert "November 15" in parts["Deadlines"] and "Okafor" not in parts["Deadlines"], note


CONTRACT = """Summarize this conversation about a freelance translation contract.
Use exactly these Markdown sections, in this order:

## Identifiers
## Fees and payment
## Deadlines
## Open questions

Write 'none' under a section with nothing to report."""


async def test_an_open_question_is_what_the_user_is_unsure_of_and_a_size_no_identifier() -> None:
    _, note = await offline_summarizer(prompt=CONTRACT).summarize(said(
        "Hi, I'm Lena Marchetti, a freelance translator. I've been offered a contract by Oakbridge Publishing.",
        "The job is translating a 92,000-word novel from Italian into English.",
        "The first draft is due on 30 September and the final on 15 November.",
        "I'm not sure whether I keep translator royalties on e-book sales; the contract is silent on it."))
    parts = sections(note)
    assert "royalties" in parts["Open questions"] and "30 September" not in parts["Open questions"], note
    assert "15 November" in parts["Deadlines"], note
    assert "92,000-word" not in parts["Identifiers"], note  # a size, not an identifier
