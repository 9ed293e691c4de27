"""What learners bring: the offline model answers from what it was shown, in the learner's words.

The chat panel and notebook 07's own-conversation exercise only teach something
if the offline model remembers everyday statements while they are in view, and
says it doesn't know once they are trimmed away. Each pair of
``tests/data/chat_recall.json`` (a statement, a question asked two turns later,
the value a right answer holds) is replayed through ``Runner.run`` with the
support agent and a ``TrimmingSession`` twice:

* the whole conversation in view: the reply holds the value;
* ``max_turns=1`` after two filler turns: the reply says it doesn't know, and
  doesn't hold the value.

``tests/data/chat_recall_heldout.json`` was written before the model was tuned
and is only scored, never tuned on. Then corrections (the newest statement
wins), notes (a summary that restates a fact) and bad input.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from agents import Agent, Runner
from hypothesis import example, given, settings
from hypothesis import strategies as st

from memlab import SummarizingSession, TrimmingSession
from memlab.facts import states
from memlab.offline.model import Request, respond
from memlab.offline.reading import Memory
from memlab.scenario import support_agent
from memlab.items import assistant, user

DATA = Path(__file__).parents[1] / "data"
FILLERS = ("Thanks, that helps.", "Can you tell me your opening hours?")
UNKNOWN = "I don't know"


def pairs(name: str) -> list[dict[str, str]]:
    return json.loads((DATA / name).read_text())["pairs"]


pytestmark = pytest.mark.usefixtures("api")  # offline, on a fresh fake; the mode is put back afterwards

PAIRS = pairs("chat_recall.json")
HELD_OUT = pairs("chat_recall_heldout.json")
#: What people tell an assistant about themselves and their problem (the issue's list).
KINDS = {"name", "home", "travel", "work", "family", "pet", "device", "identifier", "amount", "date", "preference",
         "dislike", "contact"}


async def replay(texts: tuple[str, ...], max_turns: int) -> list[str]:
    """The support agent's replies to ``texts``, one run each, under a ``TrimmingSession``."""
    session = TrimmingSession("recall", max_turns=max_turns)
    agent = support_agent()
    return [(await Runner.run(agent, text, session=session)).final_output for text in texts]


def recalled(reply: str, value: str) -> bool:
    return states(reply, value, ignore_case=True) and UNKNOWN not in reply


def conversation(pair: dict[str, str]) -> tuple[str, ...]:
    return (pair["statement"], *FILLERS, pair["question"])


def test_the_test_set_covers_every_kind_as_people_talk() -> None:
    assert len(PAIRS) >= 40 and {pair["kind"] for pair in PAIRS} >= KINDS
    assert len(HELD_OUT) == 12 and not {p["statement"] for p in HELD_OUT} & {p["statement"] for p in PAIRS}
    for pair in PAIRS + HELD_OUT:  # a question that holds its answer tests nothing
        assert not states(pair["question"], pair["value"], ignore_case=True), pair


@pytest.mark.parametrize("pair", PAIRS, ids=[p["statement"] for p in PAIRS])
async def test_recalled_with_the_statement_in_view(pair) -> None:
    reply = (await replay(conversation(pair), max_turns=10))[-1]
    assert recalled(reply, pair["value"]), reply


@pytest.mark.parametrize("pair", PAIRS, ids=[p["statement"] for p in PAIRS])
async def test_not_known_once_the_statement_is_trimmed(pair) -> None:
    reply = (await replay(conversation(pair), max_turns=1))[-1]
    assert reply.startswith(UNKNOWN) and not states(reply, pair["value"], ignore_case=True), reply


async def test_held_out_score() -> None:
    """The issue's target: at least 10 of 12 recalled in view, and 12 of 12 not known once trimmed.

    (9 of 12 when first run, before any tuning; 11 of 12 after two general changes that a separate
    set of the lead's own asked for: a stated role answers "what's my job?", and "not a fan of"
    is about liking. Since then the set is no longer unseen.)
    """
    in_view = [recalled((await replay(conversation(p), max_turns=10))[-1], p["value"]) for p in HELD_OUT]
    trimmed = [(await replay(conversation(p), max_turns=1))[-1] for p in HELD_OUT]
    forgotten = [r.startswith(UNKNOWN) and not states(r, p["value"], ignore_case=True) for r, p in zip(trimmed, HELD_OUT)]
    print(f"held out: {sum(in_view)}/12 recalled in view, {sum(forgotten)}/12 not known once trimmed")
    assert sum(forgotten) == 12
    assert sum(in_view) >= 10


#: The issue's report, statement by statement (2 of 12 recalled before), all in one conversation.
ISSUE = [
    ("I'm travelling with my dog, Biscuit", "What's my dog called?", "Biscuit"),
    ("I work as a nurse at St Mary's hospital", "Where do I work?", "St Mary's hospital"),
    ("Call me Bob from now on", "What should you call me?", "Bob"),
    ("I'd rather you text me than call", "How should you contact me?", "text"),
    ("We moved to Porto last year", "Which city do we live in?", "Porto"),
    ("Our budget is 2,500 euros", "What's our budget?", "2,500 euros"),
]


async def test_the_issues_statements_in_one_conversation() -> None:
    statements, questions = [s for s, _, _ in ISSUE], [q for _, q, _ in ISSUE]
    replies = (await replay((*statements, *FILLERS, *questions), max_turns=20))[-len(ISSUE):]
    for reply, (_, _, value) in zip(replies, ISSUE):
        assert recalled(reply, value), reply
        others = [v for _, _, v in ISSUE if v != value and v != "text"]
        assert not any(states(reply, other, ignore_case=True) for other in others), reply  # the right statement
    assert "Understood. Could you tell me" not in " ".join(await replay(tuple(statements), max_turns=20))


async def test_the_scenario_kinds_in_the_learners_own_words() -> None:
    """Order numbers and contact wishes not in the scenario's shape are found; one kind never answers for another."""
    replies = await replay(("My order number is 5512-A.", "I'd rather you text me than call.", *FILLERS,
                            "What's my order number?", "How did I ask you to contact me?",
                            "What is the ticket number for my order?"), max_turns=10)
    assert "5512-A" in replies[-3] and "text" in replies[-2]
    assert replies[-1].startswith(UNKNOWN) and "5512-A" not in replies[-1]  # no ticket was ever given


async def test_a_question_without_i_or_my_is_answered_from_a_statement() -> None:
    replies = await replay(("The wifi password is sunflower77.", *FILLERS, "What's the wifi password?"), max_turns=10)
    assert "sunflower77" in replies[-1]
    trimmed = await replay(("The wifi password is sunflower77.", *FILLERS, "What's the wifi password?"), max_turns=1)
    assert "sunflower77" not in trimmed[-1]


# ---------------------------------------------------------------- corrections: the newest statement wins

CORRECTIONS = [
    (("My name is Ana.", "Actually, my name is Bea."), "What's my name?", "Bea", "Ana"),
    (("Call me Bob.", "Sorry, I'm Rob, not Bob."), "Who am I?", "Rob", "Bob"),
    (("Our budget is 2,500 euros.", "Sorry, our budget is 3,000 euros."), "What's our budget?", "3,000 euros", "2,500 euros"),
    (("I live in Leeds.", "We've moved to York now."), "Where do I live?", "York", "Leeds"),
    (("Please email me.", "Actually, text me instead."), "How should you contact me?", "text", "email"),
    (("My booking reference is QX7-22B.", "My booking reference is QX7-23C, not QX7-22B."), "What's my booking reference?",
     "QX7-23C", None),
]


@pytest.mark.parametrize(("told", "question", "newest", "oldest"), CORRECTIONS, ids=[c[2] for c in CORRECTIONS])
async def test_the_newest_statement_wins(told, question, newest, oldest) -> None:
    reply = (await replay((*told, *FILLERS, question), max_turns=10))[-1]
    assert recalled(reply, newest), reply
    assert oldest is None or not states(reply, oldest, ignore_case=True), reply


# ---------------------------------------------------------------- notes: summaries and acknowledgements


class RestatingSummarizer:
    """A summarizer written the cookbook's way, whose note restates what the customer said about themselves."""

    async def summarize(self, items, *, must_keep=()):
        return None, ("## Customer\n- Name: Ana\n- Customer works as a nurse at St Mary's hospital.\n"
                      "- Contact preference: texts, never calls\n- Budget: 2,500 euros\n"
                      "## Reported issue\n- none")


async def test_recall_from_a_summary_after_the_statements_were_folded_into_it() -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=RestatingSummarizer())
    agent = Agent(name="assistant", instructions="You are a helpful assistant.", model="gpt-4.1-mini")
    told = ("Hi, I'm Ana and I work as a nurse at St Mary's hospital.", "Text me, never call.", "Our budget is 2,500 euros.")
    for text in (*told, *FILLERS):
        await Runner.run(agent, text, session=session)
    in_view = json.dumps(await session.get_items())
    assert "I work as a nurse" not in in_view and "Noted" not in in_view  # only the summary holds them now
    for question, value in (("What's my name?", "Ana"), ("Where do I work?", "St Mary's hospital"),
                            ("How should you contact me?", "texts"), ("What's our budget?", "2,500 euros")):
        reply = (await Runner.run(agent, question, session=session)).final_output
        assert recalled(reply, value), reply


async def test_an_acknowledgement_restates_what_was_understood() -> None:
    replies = await replay(("I work as a nurse at St Mary's hospital", "Call me Bob from now on"), max_turns=10)
    assert replies == ["Noted: you work as a nurse at St Mary's hospital.", "Noted: your name is Bob from now on."]


async def test_an_acknowledgement_echoes_an_over_long_message_in_part() -> None:
    """100 KB of one token is acknowledged in a sentence, not echoed whole."""
    (reply,) = await replay(("1" * 100_000,), max_turns=3)
    assert len(reply) < 300


# ---------------------------------------------------------------- bad input


async def test_an_empty_message_gets_a_plain_answer() -> None:
    for empty in ("", "   ", "\n"):
        (reply,) = await replay((empty,), max_turns=3)
        assert reply == "Your message was empty. What would you like to ask or tell me?"


async def test_a_question_about_something_never_said() -> None:
    replies = await replay(("I work as a nurse.", "What's my shoe size?", "When is my flight?"), max_turns=10)
    assert all(reply.startswith(UNKNOWN) for reply in replies[1:]), replies


async def test_markup_is_read_through() -> None:
    replies = await replay(("<b>My name is <i>Ana</i></b>", "**I work as a nurse**", "<p>What's my name?</p>",
                            "Where do I work?"), max_turns=10)
    assert "Ana" in replies[2] and "nurse" in replies[3]


def test_a_long_question_reads_a_bounded_number_of_statements(monkeypatch) -> None:
    """Answering reads each statement that shares a word with the question once, for at most 64 of its words."""
    visits = []
    real = Memory.matches

    def counted(self, topic, **kwargs):
        found = real(self, topic, **kwargs)
        visits.append((len(list(dict.fromkeys(topic))[:64]), len(found)))
        return found

    monkeypatch.setattr(Memory, "matches", counted)
    statement = " ".join(f"w{n}x" for n in range(4000))  # about 20 KB of short, distinct words
    question = " ".join(f"q{n}y" for n in range(3000)) + " w1x?"  # under 20 KB, so it is read whole
    request = Request.read({"model": "m"}, [user(statement), assistant("ok"), user(question)])
    reply = respond(request)[0]["content"][0]["text"]
    assert visits and all(words <= 64 and found <= len(request.said) for words, found in visits)
    assert len(reply) < 400


async def test_a_fact_at_the_start_of_a_10kb_message_is_answered_at_its_end() -> None:
    """A name said once, then 10 KB of filler, then the question: the reply still names it.

    How the time grows with the message is measured by ``make bench`` (``benchmarks/bench_linear.py``).
    """
    filler = "The quick brown fox jumps over the lazy dog, and then it runs home. "
    for size in (1_000, 10_000):
        text = "My name is Ana. " + filler * (size // len(filler)) + " What's my name?"
        assert "Ana" in (await replay((text,), max_turns=3))[0]


READ_ONLY_INPUT = st.lists(st.text(st.characters(codec="utf-8"), max_size=300), min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(texts=READ_ONLY_INPUT)
@example(texts=["", "0", "SUMMARIZ"])  # asks for a summary: the reply is a note, a list
def test_any_input_gets_a_sentence_never_a_traceback(texts) -> None:
    items = [user(text) if n % 2 == 0 else assistant(text, f"msg_{n}") for n, text in enumerate(texts)]
    if items[-1]["role"] != "user":
        items.append(user("What's my name?"))
    (reply,) = respond(Request.read({"model": "m"}, items))
    text = reply["content"][0]["text"]
    assert text.strip() and (text.rstrip()[-1] in ".?!}\"…" or "\n- " in text), text  # a sentence, or a note's list


async def test_a_greeting_is_not_restated_with_the_fact() -> None:
    reply = (await replay(("Hi, my name is Ana and I live in Lisbon.", "What's my name?"), max_turns=3))[-1]
    assert reply.startswith("You told me: your name is Ana"), reply
