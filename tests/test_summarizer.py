"""Summarizers a learner brings: the cookbook's shape works, anything memlab cannot call is refused at once."""

from __future__ import annotations

import functools
import re

import pytest
from agents import Runner

from memlab import FidelityGate, SummarizingSession, evals
from memlab.evals.metering import CountingSummarizer
from memlab.evals.strategies import check_config
from memlab.scenario import ROUTER, support_agent
from memlab.summarizer import PROTOCOL, check_summarizer, takes_must_keep
from memlab.beyond.tiered import TieredSession

from .fakes import EchoSummarizer, SyncSummarizer
from .helpers import turn


class CookbookStyle:
    """A summarizer written the way the cookbook writes one: ``async def summarize(self, messages)``.

    It keeps every message with text, role-prefixed. With ``forget_ids`` it
    writes "an id" for every identifier, as a model sometimes does.
    """

    def __init__(self, forget_ids: bool = False) -> None:
        self.forget_ids = forget_ids
        self.calls = 0

    async def summarize(self, messages):
        self.calls += 1
        said = [f"{m['role'].upper()}: {m['content']}" for m in messages if isinstance(m.get("content"), str)]
        summary = "Earlier: " + " / ".join(said)
        if self.forget_ids:
            summary = re.sub(r"\b[A-Z]+-\d+\b", "an id", summary)
        return "Summarize the conversation so far.", summary


async def run_router(session: SummarizingSession) -> str:
    """The router conversation through the real Runner on the offline model; the last answer."""
    agent = support_agent()
    for text in ROUTER.user_turns:
        result = await Runner.run(agent, text, session=session)
    return result.final_output


# ------------------------------------------------------------------ the cookbook's shape works


async def test_a_cookbook_style_summarizer_summarizes_through_the_runner(api) -> None:
    summarizer = CookbookStyle()
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=summarizer)
    await run_router(session)
    assert [event.status for event in session.summary_events] == ["applied"]
    assert session.summary_text.startswith("Earlier: USER: My NetHub AX3000 router drops the wifi")
    # every item reached it as the cookbook's messages: a role and text, tool calls and outputs as text
    assert "ASSISTANT: called lookup_order(" in session.summary_text and "TOOL: {" in session.summary_text
    assert (await session.get_items())[0]["content"] == "Summarize the conversation so far."
    # the next turn is answered from the cookbook's note: the order number was only in the folded turns
    result = await Runner.run(support_agent(), "What was my order number again?", session=session)
    assert "ORD-48213" in result.final_output


async def test_with_a_gate_the_cookbook_style_summary_is_still_checked(api) -> None:
    gate = FidelityGate(ROUTER.must_keep_patterns())
    keeps = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=CookbookStyle(), gate=gate)
    assert "ORD-48213" in await run_router(keeps)
    assert [event.status for event in keeps.summary_events] == ["applied"]

    forgets = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=CookbookStyle(forget_ids=True), gate=gate)
    await run_router(forgets)
    event = forgets.summary_events[-1]
    assert event.status == "rejected"
    assert event.error == ("fidelity gate: summary dropped ['ORD-48213'] "
                           "(CookbookStyle.summarize takes no must_keep, so it was not told them)")
    assert forgets.summary_text is None  # history kept whole, as for any rejected summary


async def test_the_evals_and_the_tiered_session_take_a_cookbook_style_summarizer(api) -> None:
    run = await evals.run(ROUTER, "summarizing", context_limit=3, keep_last_n_turns=2, summarizer=CookbookStyle(), must_keep=True)
    assert run.turns["summaries_applied"].sum() == 1 and run.turns["memory_calls"].sum() == 1
    assert "ORD-48213" in run.turns.iloc[-1]["answer"]

    tiered = TieredSession(1, CookbookStyle(), max_tokens=10_000, context_limit=1, gate=FidelityGate([r"question \d"]))
    for n in range(1, 4):
        await tiered.add_items(turn(n))
    assert {event.status for event in tiered.summary_events} == {"applied"}


async def test_counting_summarizer_passes_must_keep_only_to_a_summarizer_that_takes_it() -> None:
    echo = EchoSummarizer()
    await CountingSummarizer(echo).summarize(turn(1), must_keep=["question 1"])
    assert echo.facts == [["question 1"]]
    cookbook = CountingSummarizer(CookbookStyle())
    assert await cookbook.summarize(turn(1), must_keep=["question 1"]) == ("Summarize the conversation so far.",
                                                                         "Earlier: USER: question 1 / ASSISTANT: answer 1")
    assert cookbook.calls == 1


# ------------------------------------------------------------------ how memlab decides to call it


class TakesKwargs:
    def __init__(self) -> None:
        self.told: list[object] = []

    async def summarize(self, items, **options):
        self.told.append(options.get("must_keep"))
        return None, "a note about question 1"


class MustKeepPositional:
    def __init__(self) -> None:
        self.told: list[object] = []

    async def summarize(self, items, must_keep):
        self.told.append(list(must_keep))
        return None, "a note about question 1"


@pytest.mark.parametrize("make", [TakesKwargs, MustKeepPositional])
async def test_must_keep_is_passed_to_a_summarizer_that_takes_it_by_name_or_kwargs(make) -> None:
    summarizer = make()
    assert takes_must_keep(summarizer)
    session = SummarizingSession(1, 1, summarizer, gate=FidelityGate([r"question 1"]))
    await session.add_items(turn(1))
    await session.add_items(turn(2))
    assert summarizer.told == [["question 1"]]
    assert session.summary_events[-1].status == "applied"


class NoSummarize:
    pass


class TakesNothing:
    async def summarize(self):
        return None, "note"


class TakesTwoThings:
    async def summarize(self, items, agent):
        return None, "note"


class AsyncCall:
    async def __call__(self, items):
        return None, "note"


@pytest.mark.parametrize(
    "summarizer, problem",
    [(NoSummarize(), "NoSummarize has no summarize method"),
     (SyncSummarizer(), "SyncSummarizer.summarize is not async: write it as 'async def summarize(...)'"),
     (TakesNothing(), "TakesNothing.summarize() cannot be called with the items"),
     (TakesTwoThings(), "TakesTwoThings.summarize(items, agent) cannot be called with the items"),
     ("a string", "str has no summarize method")],
)
def test_what_memlab_cannot_call_is_refused_at_construction_naming_the_protocol(summarizer, problem) -> None:
    for build in (lambda: SummarizingSession(summarizer=summarizer), lambda: TieredSession(summarizer=summarizer, max_tokens=100),
                  lambda: CountingSummarizer(summarizer), lambda: check_config("summarizing", {"summarizer": summarizer})):
        with pytest.raises(TypeError) as raised:
            build()
        message = str(raised.value)
        assert PROTOCOL in message and problem in message and "\n" not in message


def test_assigning_a_summarizer_checks_it_and_keeps_the_old_one_on_refusal() -> None:
    echo = EchoSummarizer()
    session = SummarizingSession(summarizer=echo)
    with pytest.raises(TypeError, match="not async"):
        session.summarizer = SyncSummarizer()
    assert session.summarizer is echo
    session.summarizer = CookbookStyle()
    session.summarizer = None
    assert session.summarizer is None


def test_async_callables_behind_summarize_are_accepted() -> None:
    class Partial:
        async def _summarize(self, items, style):
            return None, style

        def __init__(self) -> None:
            self.summarize = functools.partial(self._summarize, style="short")

    class CallableObject:
        summarize = AsyncCall()

    assert check_summarizer(Partial()) is not None and not takes_must_keep(Partial())
    assert check_summarizer(CallableObject()) is not None
