"""Recall after corrections: a correction changes the value it gives, and every other fact stays recallable.

An outside tester's sailing, brewing, medication, beekeeping and book-launch chats, each under a session as a learner
runs them. "Actually, make that June 16th, the boat won't be ready until then." hid the boat's name ("What's the boat
called?": "I don't know"); "What's my metformin dose?" was answered with the atorvastatin change; "When is my next
blood pressure check?" went unanswered under trimming when only the correction was still in the window; "Remind me
what style of beer I'm brewing." was told back as a fact; "it's 3,500 copies, not 2,000" came back "3,500
copies,000"; "Do I prefer liquids?" of "I prefer tablets over liquids" was "Yes"; a summary with memlab's own prompt
kept one of four facts about a beekeeper's hives.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import TrimmingSession

from ..helpers import offline_summarizer

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns: list[str], session=None) -> str:
    """The agent's reply to the last turn, one session for all of them."""
    agent, session = Agent(name="Pal", instructions="Be brief."), session or SQLiteSession(":memory:")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns][-1]


@pytest.mark.parametrize(("turns", "value"), [
    (["The boat is called Marigold.", "We leave on June 14th.",
      "Actually, make that June 16th, the boat won't be ready until then.", "What's the boat called?"], "Marigold"),
    (["I'm calling the batch Foghorn.", "The batch size is 19 litres.", "Correction: the batch is 23 litres, not 19.",
      "What's the name of this batch?"], "Foghorn"),
])
async def test_a_correction_of_a_date_or_a_size_leaves_the_name(turns: list[str], value: str) -> None:
    answer = await chat(turns)
    assert value in answer and "and then" not in answer, answer


@pytest.mark.parametrize(("turns", "value", "other"), [
    (["I take metformin 500 mg twice a day.", "I also take atorvastatin 20 mg every evening.",
      "The doctor changed my atorvastatin to 40 mg.", "What's my metformin dose?"], "500 mg", "atorvastatin"),
    (["Last quarter's revenue was 38,400 dollars.", "My quarterly estimated tax payment is 2,150 dollars.",
      "Remind me what last quarter's revenue was."], "38,400", "2,150"),
])
async def test_a_change_to_another_thing_of_the_same_unit_is_not_this_ones(turns: list[str], value: str,
                                                                          other: str) -> None:
    answer = await chat(turns)
    assert value in answer and other not in answer, answer


async def test_a_corrected_value_kept_in_the_window_answers_when_the_first_value_was_trimmed() -> None:
    answer = await chat(["My next blood pressure check is on October 3rd.", "Hi", "How are you?",
                         "Actually the blood pressure check moved to October 10th.",
                         "When is my next blood pressure check?"], TrimmingSession("bp", max_turns=3))
    assert "October 10th" in answer and "October 3rd" not in answer, answer


@pytest.mark.parametrize(("turns", "value", "gone"), [
    (["The launch event is at Brightside Books in Leeds.",
      "Correction: the event moved to Harbour Lights Bookshop in Whitby.", "Where is the launch event now?"],
     "Whitby", None),
    (["I harvested 14 kilograms of honey in July.", "I'm not going to sell honey this year, just give it away.",
      "Oops, the harvest was 17 kilograms, I forgot one super.", "How much honey did I harvest?"], "17", "sell"),
])
async def test_a_moved_event_or_an_oops_is_the_value_now(turns: list[str], value: str, gone: str | None) -> None:
    answer = await chat(turns)
    assert value in answer and (gone is None or gone not in answer), answer


async def test_a_request_to_be_reminded_is_no_fact_to_tell_back() -> None:
    answer = await chat(["Remind me what style of beer I'm brewing.", "When is brew day?"])
    assert "remind" not in answer.lower() and answer.startswith("I don't know"), answer


async def test_a_number_with_a_thousands_separator_survives_its_not() -> None:
    answer = await chat(["Correction on the print run: it's 3,500 copies, not 2,000.",
                         "How many copies are in the first print run?"])
    assert "3,500 copies" in answer and ",000" not in answer.replace("3,500", ""), answer


@pytest.mark.parametrize(("question", "verdict"), [
    ("Do I prefer liquids?", "No"), ("Do I prefer tablets?", "Yes")])
async def test_what_is_preferred_over_another_is_the_one_before_over(question: str, verdict: str) -> None:
    answer = await chat(["I prefer tablets over liquids.", question])
    assert answer.startswith(f"{verdict}:"), answer


async def test_memlabs_own_prompt_keeps_what_a_user_with_no_problem_told() -> None:
    said = [item for text in ("I keep bees at my allotment in Stroud. I have 5 hives.",
                              "The strongest colony is in the blue hive; I call her queen Beatrix.",
                              "My mentor from the local association is Colin Marsh.",
                              "I use Langstroth boxes, not top-bar hives.")
            for item in ({"role": "user", "content": text}, {"role": "assistant", "content": "Noted."})]
    _, note = await offline_summarizer().summarize(said)
    assert all(fact in note for fact in ("Stroud", "5 hives", "Beatrix", "Colin Marsh", "Langstroth")), note
    assert "Follow up on" not in note, note  # a fact is no next step
