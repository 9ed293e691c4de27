"""The fact sheet: a summarizer without a model call, for facts whose shape is known."""

from __future__ import annotations

from memlab import FactSheetSummarizer, FidelityGate, SummarizingSession, evals
from memlab.beyond.fact_sheet import SHEET_TITLE
from memlab.scenario import LONG, MOVING

from memlab.items import assistant, call, output, user


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


def test_describe_names_the_rules_the_sheet_looks_for() -> None:
    assert FactSheetSummarizer().describe() == (
        "fact sheet (FACT_PATTERNS: order number, serial, error code, ticket id, contact channel)")
    assert FactSheetSummarizer([r"ACC-\d+", r"PNR \w+"]).describe().endswith("; plus 2 rules of yours)")


# ------------------------------------------------------------------ measured on facts of other shapes


async def test_on_facts_of_other_shapes_the_sheet_keeps_nothing_without_a_gate(api) -> None:
    alone = (await evals.run(MOVING, "summarizing", summarizer=FactSheetSummarizer())).turns
    assert alone["summaries_applied"].sum() > 0
    assert alone["memory_calls"].sum() == 0 and alone["memory_input_tokens"].sum() == 0  # no model call
    assert alone["summary"].dropna().iloc[-1] == f"{SHEET_TITLE}\n- none"
    asked = alone[alone["probe"].notna()]
    assert len(asked) == len(MOVING.probes) and not asked["correct"].any()


async def test_the_gates_declared_rules_are_what_keep_them(api) -> None:
    gated = (await evals.run(MOVING, "summarizing", must_keep=True, summarizer=FactSheetSummarizer())).turns
    asked = gated[gated["probe"].notna()]
    assert asked["correct"].all()
    sheet = gated["summary"].dropna().iloc[-1]
    assert all(fact.value in sheet for fact in MOVING.facts)


async def test_on_long_the_scenarios_own_patterns_find_every_fact_without_a_gate(api) -> None:
    alone = (await evals.run(LONG, "summarizing", summarizer=FactSheetSummarizer())).turns
    assert alone[alone["probe"].notna()]["correct"].all()
