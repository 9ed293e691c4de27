"""The fact sheet: a summarizer without a model call, for facts whose shape is known."""

from __future__ import annotations

from memlab import FactSheetSummarizer, FidelityGate, SummarizingSession
from memlab.fact_sheet import SHEET_TITLE

from .helpers import assistant, call, output, user


async def test_the_sheet_lists_each_known_fact_once_and_the_extra_rules() -> None:
    items = [
        user("Please contact me by SMS. My order ORD-73914 is late."), assistant("Checking ORD-73914."),
        call("c1"), output("c1", '{"ticket_id": "TCK-123456", "account": "ACC-77"}'),
    ]
    shadow, sheet = await FactSheetSummarizer([r"ACC-\d+"]).summarize(items, must_keep=["SN-AB12CD34"])
    lines = sheet.splitlines()
    assert lines[0] == SHEET_TITLE
    assert lines[1:] == ["- order number: ORD-73914", "- ticket id: TCK-123456",
                         "- customer prefers contact by SMS", "- ACC-77", "- SN-AB12CD34"]
    assert shadow


async def test_a_sheet_of_a_sheet_forgets_nothing_and_costs_no_model_call() -> None:
    sheet = FactSheetSummarizer()
    session = SummarizingSession(1, 1, sheet, gate=FidelityGate([r"ORD-\d{5}", r"E-\d{4}"]))
    await session.add_items([user("My order is ORD-11111."), assistant("Noted.")])
    await session.add_items([user("Diagnostics said E-1234."), assistant("I see.")])
    await session.add_items([user("Anything else?"), assistant("No.")])
    assert [e.status for e in session.summary_events] == ["applied", "applied"]
    assert "ORD-11111" in session.summary_text and "E-1234" in session.summary_text
    assert FactSheetSummarizer.uses_model is False


async def test_nothing_found_says_none() -> None:
    _, sheet = await FactSheetSummarizer().summarize([user("hello"), assistant("hi")])
    assert sheet == f"{SHEET_TITLE}\n- none"
