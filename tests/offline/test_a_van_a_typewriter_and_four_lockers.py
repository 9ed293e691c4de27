"""Recall follows a pronoun to what it stands for, tells a thing apart by its label, and keeps a correction.

An outside tester's campervan, typewriter, tailoring, knitting and escape-room chats, run as a learner runs them.
With every turn in view, "What did I name the van?" was answered with the van's model (not "I named her Marigold"),
"What is our team called?" with the team's repository, "When will it be collected?" with who might collect it,
"What is wrong with Mrs Haverford's violin?" with the day she brought it in, and "How many people are in my group?",
"What problems did I describe?" and "How big is the leisure battery?" with "I don't know". Under a trimmed window,
"What is the code for locker A?" was answered with locker D's code. "What's the total budget and how much have I
spent?" added the two up; "Actually, make that Sunday 15 June instead." was read as "Saturday 14 Sunday 15 June
instead"; a summary kept the colour the user had changed their mind about.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import TrimmingSession
from memlab.offline.api import OfflineAPI

pytestmark = pytest.mark.usefixtures("api")

UNKNOWN = "I don't know"


async def chat(turns: list[str], session=None) -> list[str]:
    """The agent's replies, one session for all the turns."""
    agent = Agent(name="Notes", instructions="Answer the user's questions from what they told you in this conversation.")
    session = session or SQLiteSession(":memory:")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]


VIOLIN = ["Mrs Haverford brought in her violin on Tuesday.", "It has a cracked top and a loose fingerboard.",
          "She wants it back by 28 April.", "The repair will cost 240 pounds."]


@pytest.mark.parametrize(("turns", "said", "wrong"), [
    (["The van is a 2016 Ford Transit, long wheelbase.", "I named her Marigold.", "What did I name the van?"],
     "Marigold", "Ford"),
    (["Our team name is Quiet Lemurs.", "The team repository is called quiet-lemurs-map.", "What is our team called?"],
     "Quiet Lemurs", "repository"),
    (["I'll collect it on 2 October.", "My daughter Lotte might collect it instead of me.", "When will it be collected?"],
     "2 October", "Lotte"),
    ([*VIOLIN, "What is wrong with Mrs Haverford's violin?"], "a cracked top and a loose fingerboard", "Tuesday"),
    ([*VIOLIN, "When does Mrs Haverford want her violin back?"], "28 April", "Tuesday"),
    ([*VIOLIN, "When did Mrs Haverford bring in her violin?"], "brought in her violin on Tuesday", "April"),
    (["There will be 7 of us in total.", "How many people are in my group?"], "7 of us", UNKNOWN),
    (["The carriage sticks about halfway across.", "Also the letter e key sticks.",
      "What problems did I describe with the machine?"], "the carriage sticks about halfway across; the letter e key", UNKNOWN),
    (["Update: I upgraded the battery to 200 amp hours.", "How big is the leisure battery?"], "200 amp hours", UNKNOWN),
    (["The van is a 2016 Ford Transit, long wheelbase.", "What year and model is the van?"], "2016 Ford Transit", UNKNOWN),
    (["My sister is called Ingrid and she turns 34.", "Ingrid is scared of the dark.", "What is my sister afraid of?"],
     "scared of the dark", "34"),
    (["I changed my mind about the colour, I'm switching to Rust Orange.", "What colour yarn am I using?"],
     "Rust Orange", UNKNOWN),
])
async def test_the_fact_asked_is_the_one_told(turns, said, wrong) -> None:
    answer = (await chat(turns))[-1]
    assert said in answer and wrong not in answer, answer


async def test_a_thing_told_apart_by_its_label_is_not_answered_by_another() -> None:
    lockers = [f"The code for locker {name} is {code}." for name, code in zip("ABCD", (4421, 9907, 3310, 5168))]
    trimmed = await chat([*lockers, "What is the code for locker A?", "What is the code for locker D?"],
                         TrimmingSession("lockers", max_turns=3))
    assert trimmed[-2].startswith(UNKNOWN) and "5168" in trimmed[-1], trimmed[-2:]
    every = await chat([*lockers, "What is the code for locker A?"])
    assert "4421" in every[-1] and "5168" not in every[-1], every[-1]


async def test_a_later_fact_of_another_kind_is_not_told_as_a_change() -> None:
    answers = await chat(["Hi, I'm Bartholomew Achterberg and I'm bringing in an Olympia SM3.",
                          "It was made in 1957 according to the serial number.",
                          "Wait, I checked again: it was made in 1959, not 1957.", "I'll collect it on 2 October.",
                          "What year was it made?", "What is my name?"])
    assert "1959" in answers[-2] and "October" not in answers[-2], answers[-2]
    assert "Bartholomew" in answers[-1] and "1957" not in answers[-1] and "and then" not in answers[-1], answers[-1]
    phone = await chat(["My phone number is 07700 900481.", "One more correction: it will be 9 people, not 7.",
                        "What's my phone number?"])
    assert phone[-1] == "You told me: your phone number is 07700 900481.", phone[-1]


async def test_a_total_that_is_a_name_is_not_a_sum_and_what_is_left_is_worked_out() -> None:
    told = ["The total budget is 9000 pounds.", "I spent 1200 pounds so far."]
    both = (await chat([*told, "What's the total budget and how much have I spent?"]))[-1]
    assert "9000" in both and "1200" in both and "10200" not in both, both
    left = (await chat([*told, "Then I paid 300 pounds for the tiles.", "How much of the budget is left?"]))[-1]
    assert left == "9000 - 1200 - 300 = 7500.", left


@pytest.mark.parametrize(("turns", "said", "garbled"), [
    (["The date we want is Saturday 14 June.", "Actually, make that Sunday 15 June instead.", "Which date did I ask for?"],
     "Sunday 15 June.", "Saturday"),
    (["Dr Berger is my doctor.", "Sorry, I meant Dr Bergmann.", "Who is my doctor?"], "Dr Bergmann is your doctor",
     "Dr Dr"),
])
async def test_a_correction_replaces_the_whole_value(turns, said, garbled) -> None:
    answer = (await chat(turns))[-1]
    assert said in answer and garbled not in answer, answer


def test_a_summary_writes_a_new_name_and_a_new_count_into_what_it_corrects() -> None:
    from memlab.offline.notes import read_prompt, write_note
    from memlab.offline.reading import read_items

    said = ["I'm knitting a cardigan for my nephew Rafferty.", "The yarn is a merino blend in the colour Moss Green.",
            "I changed my mind about the colour, I'm switching to Rust Orange.", "There will be 7 of us in total.",
            "One more correction: it will be 9 people, not 7."]
    items = [item for text in said for item in ({"role": "user", "content": text},
                                                {"role": "assistant", "content": "Noted."})]
    note = write_note(read_items(items), read_prompt("## Facts\n## Open questions"))
    assert "colour Rust Orange" in note and "Moss Green" not in note, note
    assert "9 of us" in note and "7 of us" not in note, note


async def test_an_answer_from_a_note_is_told_with_what_the_user_changed_since() -> None:
    note = "## Facts\n- The yarn is a merino blend in the colour Moss Green.\n- You bought 5 skeins."
    items = [{"role": "user", "content": "Recap what we have covered so far."}, {"role": "assistant", "content": note},
             {"role": "user", "content": "I changed my mind about the colour, I'm switching to Rust Orange."},
             {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "What colour yarn am I using?"}]
    response = OfflineAPI().respond({"model": "gpt-4.1", "input": items})
    answer = response["output"][-1]["content"][0]["text"]
    assert "Rust Orange" in answer, answer
