"""Memory over several turns of plain chat: lists built a turn at a time, things counted across sentences, values
updated later, follow-ups that point back with "it", typos and unanswerable questions.

Our own domains (a shopping list, a trip, a fitness coach, a wedding, a pet's vet history, a renovation), driven through
the SDK with a session, as a learner's own chat agent would be.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import LLMSummarizer, SummarizingSession, TrimmingSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns: list[str], session=None, instructions: str = "You are a helpful assistant.") -> str:
    """The agent's reply to the last turn, one session for all of them."""
    agent, session = Agent(name="Pal", instructions=instructions), session or SQLiteSession("lists")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns][-1]


async def test_a_list_built_over_turns_is_told_back_whole():
    answer = await chat(["Start a shopping list: milk, eggs and bread.", "Add bananas too.", "Oh and coffee beans.",
                         "What's on my shopping list?"])
    assert all(item in answer for item in ("milk", "bread", "bananas", "coffee beans")), answer
    answer = await chat(["Things to pack: passport, charger.", "Also sunscreen.", "And my hat.", "What do I need to pack?"],
                        TrimmingSession("pack", max_turns=6))
    assert answer == "You told me: things to pack: passport, charger; sunscreen; your hat.", answer
    answer = await chat(["Add oat milk to my grocery list.", "Add eggs as well.", "Put butter on the list too.",
                         "What's on the list?"], SQLiteSession("groceries"))
    assert all(item in answer for item in ("oat milk", "eggs", "butter")), answer
    answer = await chat(["I bought a kettle last week.", "Also I need to call my mom tomorrow.", "When did I buy the kettle?"],
                        SQLiteSession("kettle"))  # a statement with a subject of its own is no item of a list
    assert answer == "You told me: you bought a kettle last week.", answer
    answer = await chat(["I live in Leeds.", "Also, my wife is called Sara.", "Where do I live?"], SQLiteSession("leeds"))
    assert answer == "You told me: you live in Leeds.", answer
    answer = await chat(["I have a dentist appointment on Monday.", "Add rice to my shopping list.", "Add soap too.",
                         "What's on my shopping list?"], SQLiteSession("dentist"))
    assert "soap" in answer and "rice" in answer and "dentist" not in answer, answer


async def test_how_many_counts_across_the_sentences_and_turns_that_name_them():
    answer = await chat(["I have a son, Tom. My daughter Ann is 7.", "How many kids do I have?"])
    assert answer.startswith("2 (son, daughter)") and "Tom" in answer and "Ann" in answer, answer
    answer = await chat(["We have two cats.", "We also adopted a dog named Rex last month.",
                         "How many pets do we have in total?"], TrimmingSession("pets", max_turns=4))
    assert answer.startswith("3 (cats, dog)"), answer
    answer = await chat(["I've got two brothers.", "And one sister, Emma.", "My brother Sam lives in Cork.",
                         "how many siblings do i have"], SQLiteSession("siblings"))
    assert answer.startswith("3 (brothers, sister)"), answer  # "my brother Sam" is one of the two
    answer = await chat(["I'm cooking for 6 on Sunday.", "My oven is broken though.", "How many people am I cooking for?"],
                        SQLiteSession("cooking"))  # the number is the count, the rest of the question is there
    assert answer == "You told me: you're cooking for 6 on Sunday.", answer
    answer = await chat(["We're hosting 12 for Thanksgiving.", "how many guests are we hosting"], SQLiteSession("hosting"))
    assert "12" in answer, answer


async def test_an_update_right_after_a_statement_is_told_with_it():
    answer = await chat(["My gym membership costs $40 a month.", "They raised it to $45.", "How much is my gym membership?"])
    assert answer.endswith("and then: they raised it to $45."), answer
    answer = await chat(["My sister's name is Clara.", "Sorry, I meant Klara with a K.", "How is my sister's name spelled?"],
                        SQLiteSession("klara"))
    assert "Klara" in answer, answer
    answer = await chat(["The vet appointment for Miso is on June 3.", "It got postponed to June 10.",
                         "When is Miso's vet appointment?"], SQLiteSession("miso"))
    assert "June 10" in answer, answer
    answer = await chat(["Shopping list: milk, eggs, bread.", "Actually take the eggs off, we have some.",
                         "What do I need to buy?"], SQLiteSession("eggs"))  # it names the eggs the list holds
    assert "take the eggs off" in answer, answer


@pytest.mark.parametrize(("turns", "value"), [
    (("I take metformin every morning.", "what meds am I on?"), "metformin"),
    (("I'm Priya and my fiancé is called Daniel.", "What's my partner's name?"), "Daniel"),
    (("We're redoing the kitchen, budget 15k.", "The contractor is Mike from BuildRight.", "Who's our builder?"), "Mike"),
    (("The hallway will be white.", "What colour is the hallway going to be?"), "white"),
    (("I'm vegetarian, by the way.", "Can you remind me of my dietary restrictions?"), "vegetarian"),
    (("I sprained my left ankle in March.", "Do I have any injuries?"), "ankle"),
    (("I weigh 82 kg and want to get down to 75.", "What's my goal weight?"), "75"),
    (("I run 20 km a week and want to reach 40.", "what's my target distance"), "40"),
])
async def test_a_question_in_other_everyday_words_is_answered(turns, value):
    answer = await chat(list(turns), SQLiteSession(value))
    assert value in answer and not answer.startswith("I don't know"), answer


@pytest.mark.parametrize(("turns", "value"), [
    (("my docter is Dr Lee", "who is my doctor?"), "Dr Lee"),
    (("My dentist is Dr Patel.", "who is my dentsit?"), "Patel"),
    (("Our plumbr is Joe Rossi.", "what's the plumber called?"), "Joe Rossi"),
    (("The reception is at Rosewood Manor.", "We expect 120 guests.", "wheres the recepton again"), "Rosewood"),
])
async def test_a_typo_in_the_statement_or_the_question_still_finds_the_answer(turns, value):
    answer = await chat(list(turns), TrimmingSession(value, max_turns=5))
    assert value in answer and not answer.startswith("I don't know"), answer


@pytest.mark.parametrize(("turns", "value"), [
    (("I bought a kettle last week.", "Also I need to call my mom tomorrow.", "It stopped working, when did I buy it?"),
     "last week"),
    (("We adopted Biscuit from the Hillside shelter.", "He chewed my new shoes today, where did we adopt him?"), "Hillside"),
    (("My passport expires on 12 March 2027.", "I'm booking flights to Peru for next year, when does it expire?"),
     "12 March 2027"),
])
async def test_a_question_after_a_remark_in_the_same_sentence_asks_what_follows_the_comma(turns, value):
    answer = await chat(list(turns), SQLiteSession(value))
    assert value in answer and not answer.startswith("I don't know"), answer


@pytest.mark.parametrize("turns", [
    ("I'm flying to Oslo on Friday.", "What will the weather be like in Oslo on Friday?"),
    ("We're visiting Kyoto in April.", "What's the population of Kyoto?"),
    ("We moved to Graz last spring.", "What's the best restaurant in Graz?"),
    ("I'm seeing Priya for lunch on Saturday.", "How tall is Priya?"),
])
async def test_what_the_user_does_in_a_place_or_with_a_person_does_not_answer_a_question_about_them(turns):
    answer = await chat(list(turns), SQLiteSession(turns[-1]))
    assert answer.startswith("I don't know") and "only answer from what I was sent" in answer, answer


async def test_which_question_came_first_or_last_is_told_back():
    turns = ["What's the capital of Peru?", "And how tall is Everest?"]
    assert await chat([*turns, "Never mind. What did I ask you first?"]) == 'You asked: "What\'s the capital of Peru?"'
    assert await chat([*turns, "What was my first question?"], SQLiteSession("first")) == (
        'You asked: "What\'s the capital of Peru?"')
    assert await chat([*turns, "what was my previous question"], SQLiteSession("previous")) == (
        'You asked: "And how tall is Everest?"')


@pytest.mark.parametrize(("turns", "new"), [
    (("I weigh 82 kg.", "I'm now 79 kg!", "How much do I weigh?"), "79 kg"),
    (("My flight is on Tuesday.", "It's been delayed to Wednesday.", "When is my flight?"), "Wednesday"),
    (("My target is 10k steps a day.", "I bumped it up to 12k.", "What's my step goal?"), "12k"),
])
async def test_a_new_value_in_the_next_statement_is_told_with_the_old_one(turns, new):
    answer = await chat(list(turns), SQLiteSession(new))
    assert answer.endswith(f"{new}.") and ", and then: " in answer, answer


@pytest.mark.parametrize(("turns", "value", "other"), [
    (("I hate coriander.", "I love spicy food.", "What food do I dislike?"), "coriander", "spicy"),
    (("I can't stand burpees.", "I really like kettlebell exercises.", "Which exercises do I dislike?"), "burpees",
     "kettlebell"),
    (("I'm really into jazz and old soul records.", "I hate traffic.", "What music am I into?"), "jazz", "traffic"),
])
async def test_what_the_user_dislikes_is_not_answered_by_what_they_love(turns, value, other):
    answer = await chat(list(turns), SQLiteSession(value))
    assert value in answer and other not in answer, answer


@pytest.mark.parametrize(("turns", "new"), [
    (("My flight is BA117 on Tuesday.", "It's been delayed to Wednesday.", "I'm staying at the Hilton.",
      "I need a taxi from the airport.", "My wife is joining me.", "When is my flight?"), "Wednesday"),
    (("Our wedding budget is 20k.", "It went up to 24k.", "The venue is Rosewood Manor.", "We expect 120 guests.",
      "The band is booked.", "what's our wedding budget"), "24k"),
])
async def test_a_new_value_kept_in_a_summary_is_told_with_the_old_one(client, turns, new):
    session = SummarizingSession(keep_last_n_turns=3, context_limit=4, summarizer=LLMSummarizer(client))
    answer = await chat(list(turns), session)
    assert session.summary_text and answer.startswith("From my notes:") and answer.endswith(f"{new}."), answer
