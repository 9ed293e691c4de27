"""Summary and handover notes for prompts of any shape, and notes read back as facts.

Each prompt names its sections its own way (Markdown headings of any words, a numbered list after a lead-in line,
a form of empty ``Name:`` lines, JSON keys with "(a list)"); every fact goes under the section that plausibly holds
it, a field asking for one value gets that value, and a short note tells the user's words in the third person. A
note read back (a note of a note, or recall from it) keeps its facts under its headings, never its headings or its
marks ("open: ", "Follow up on: ") as facts, and a correction replaces the old value.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner

from memlab import SummarizingSession
from tests.helpers import offline_summarizer

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
TUTORING = [
    ("user", "Hi, I'm Marco, year 11, my chemistry exam is on June 12."),
    ("assistant", "What topic would you like to work on?"),
    ("user", "Moles and molar mass. I keep getting the mass of CO2 wrong."),
    ("assistant", "CO2 is 12 + 2 x 16 = 44 g/mol."),
    ("user", "Oh I was using 32 for oxygen instead of 16. Got it."),
    ("assistant", "Next session we can do limiting reagents."),
    ("user", "Great, can we do Thursday at 5pm? My teacher is Mrs Okafor if that matters."),
]
PIANO = [  # the same shapes in other words: a piano lesson
    ("user", "Hello, I'm Lena Park and my recital is on May 30."),
    ("assistant", "Which piece shall we practise?"),
    ("user", "Chopin nocturnes. I keep rushing the left hand."),
    ("assistant", "Count the bass notes out loud."),
    ("user", "I was playing it at 120 instead of 80. Makes sense."),
    ("assistant", "Next lesson we can work on pedalling."),
    ("user", "Perfect, can we do Monday at 6pm? My coach is Mr Alvarez, by the way."),
]
BUG = [
    ("user", "Login is broken on staging, users get HTTP 502 after submitting the form. Ticket BUG-2291."),
    ("assistant", "The auth service logs show 'connection refused' to redis on port 6380."),
    ("user", "PR #512 moved redis to port 6379. I think that's the cause."),
    ("assistant", "Updating AUTH_REDIS_PORT to 6379 should fix it."),
    ("user", "I'll update AUTH_REDIS_PORT. Dana owns the auth service, she should review. Severity is P1."),
]
OUTAGE = [  # the same in other words: a billing export
    ("user", "The nightly billing export fails with a timeout. Incident INC-7730."),
    ("assistant", "The job logs show the query scanning the whole invoices table."),
    ("user", "Commit a41f9 dropped the index on invoice_date. I believe that's the reason."),
    ("assistant", "Recreating the index on invoice_date should fix it."),
    ("user", "I'll recreate the index tonight. Omar owns the billing job, he should review. Priority is P2."),
]


async def note(client, instructions: str, conversation) -> str:
    items = [{"role": role, "content": text} for role, text in conversation]
    response = await client.responses.create(model=MODEL, instructions=instructions, input=items)
    return response.output_text


def section_of(text: str, heading: str) -> str:
    """The lines under ``heading`` (up to the next heading)."""
    return text.split(heading, 1)[1].split("\n#", 1)[0].split("\n\n", 1)[0]


@pytest.mark.parametrize(("conversation", "expected"), [
    (TUTORING, {"Student": ["Marco", "Mrs Okafor"], "Topics covered": ["Moles and molar mass"],
                "Mistakes and corrections": ["CO2 wrong", "32 for oxygen"], "Next session": ["Thursday at 5pm"]}),
    (PIANO, {"Student": ["Lena Park", "Mr Alvarez"], "Topics covered": ["Chopin nocturnes"],
             "Mistakes and corrections": ["rushing the left hand", "120 instead of 80"],
             "Next session": ["Monday at 6pm"]}),
])
async def test_every_heading_is_filled_with_the_facts_that_fit_it(client, conversation, expected) -> None:
    text = await note(client, "Summarize this session.\n\n## Student\n## Topics covered\n## Mistakes and corrections"
                              "\n## Next session", conversation)
    for heading, facts in expected.items():
        body = section_of(text, f"## {heading}")
        assert all(fact in body for fact in facts), (heading, text)


@pytest.mark.parametrize(("conversation", "name", "date", "first_mistake", "when"), [
    (TUTORING, "Marco", "June 12", "CO2 wrong", "Thursday at 5pm"),
    (PIANO, "Lena Park", "May 30", "rushing the left hand", "Monday at 6pm"),
])
async def test_a_key_asking_for_a_list_is_a_list_under_its_own_name(client, conversation, name, date, first_mistake,
                                                                    when) -> None:
    text = await note(client, "Return JSON with the keys student_name, exam_date, mistakes (a list), next_session.",
                      conversation)
    data = json.loads(text)
    assert list(data) == ["student_name", "exam_date", "mistakes", "next_session"]
    assert data["student_name"] == name and data["exam_date"] == date
    assert isinstance(data["mistakes"], list) and first_mistake in data["mistakes"][0]
    assert when in data["next_session"]


@pytest.mark.parametrize(("conversation", "card", "lines"), [
    (TUTORING, "Fill in this card from the conversation:\nName:\nExam date:\nTeacher:\nNext session:",
     ["Name: Marco", "Exam date: June 12", "Teacher: Mrs Okafor", "Next session:"]),
    (PIANO, "Complete this form:\nName:\nRecital date:\nCoach:",
     ["Name: Lena Park", "Recital date: May 30", "Coach: Mr Alvarez"]),
])
async def test_a_form_of_empty_lines_is_filled_one_value_a_line(client, conversation, card, lines) -> None:
    text = await note(client, card, conversation)
    assert [got[:len(line)] for got, line in zip(text.splitlines(), lines)] == lines, text
    assert len(text.splitlines()) == len(lines) and "5pm" in text or conversation is PIANO


@pytest.mark.parametrize(("conversation", "name"), [(TUTORING, "Marco"), (PIANO, "Lena Park")])
async def test_a_short_note_tells_the_user_in_the_third_person(client, conversation, name) -> None:
    text = await note(client, "Summarize the conversation so far in two sentences.", conversation)
    assert text.startswith(name) and " I " not in f" {text} " and "My " not in text
    assert "Customer" not in text


@pytest.mark.parametrize(("conversation", "wanted"), [
    (BUG, ["502", "PR #512 moved redis", "AUTH_REDIS_PORT", "Dana"]),
    (OUTAGE, ["timeout", "Commit a41f9 dropped the index", "recreate the index", "Omar"]),
])
async def test_a_numbered_list_after_a_lead_in_line_names_the_sections(conversation, wanted) -> None:
    items = [{"role": role, "content": text} for role, text in conversation]
    summarizer = offline_summarizer(prompt="Summarize as:\n1. What broke\n2. Why\n3. What we'll do\n4. Who reviews")
    text = (await summarizer.summarize(items))[1]
    assert "Summarize as" not in text and text.count(":\n") == 4, text
    bodies = [part.split(":\n", 1)[1] for part in text.split("\n\n")]
    assert all(fact in body for fact, body in zip(wanted, bodies)), text


@pytest.mark.parametrize(("conversation", "expected"), [
    (BUG, {"owner": "Dana", "severity": "P1"}),
    (OUTAGE, {"owner": "Omar", "priority": "P2"}),
])
async def test_a_key_asking_for_one_value_gets_the_value_not_the_sentence(conversation, expected) -> None:
    items = [{"role": role, "content": text} for role, text in conversation]
    keys = ", ".join(["ticket", "cause", "fix", *expected])
    data = json.loads((await offline_summarizer(prompt=f"Return JSON with the keys {keys}.").summarize(items))[1])
    assert {key: data[key] for key in expected} == expected
    assert data["fix"] != "none" and "should fix it" in data["fix"]
    assert data["cause"].split()[0] in ("PR", "Commit")


@pytest.mark.parametrize(("conversation", "wanted"), [
    (BUG, ["502", "PR #512 moved redis to port 6379", "AUTH_REDIS_PORT"]),
    (OUTAGE, ["timeout", "dropped the index", "recreate the index"]),
])
async def test_a_paragraph_is_plain_and_holds_problem_cause_and_fix(conversation, wanted) -> None:
    items = [{"role": role, "content": text} for role, text in conversation]
    text = (await offline_summarizer(prompt="Summarize in one paragraph of at most 60 words.").summarize(items))[1]
    assert len(text.split()) <= 60 and all(fact in text for fact in wanted), text
    assert not any(mark in text for mark in ("Problem:", "Next step:", "Follow up on", "open:")), text


TRIP = "Summarize this trip planning chat.\n\n## Travellers\n## Destination and dates\n## Budget\n## Preferences" \
       "\n## Decisions made\n## Still to do"


@pytest.mark.parametrize(("turns", "questions"), [
    (["We're going to Kyoto from October 3 to October 8.",
      "It's two of us: me (Elif) and my partner Jonas. Budget is 3000 euros.", "Jonas is vegetarian.",
      "We picked Hotel Kanra at 115 euros a night.", "We still need to book the JR pass.",
      "And decide on a Nara day trip."],
     {"Who is vegetarian?": "Jonas", "What are our travel dates?": "October 3"}),
    (["We're flying to Lisbon from June 2 to June 9.",
      "There are three of us: me (Sofia), my brother Tiago and my friend Ines. Budget is 2000 euros.",
      "Ines is vegan.", "We booked Casa Azul at 90 euros a night.", "We still need to rent a car.",
      "And choose a Sintra tour."],
     {"Who is vegan?": "Ines", "What are our travel dates?": "June 2"}),
])
async def test_a_note_of_a_note_keeps_its_facts_under_their_headings(turns, questions) -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=3, summarizer=offline_summarizer(prompt=TRIP))
    agent = Agent(name="Planner", instructions="You help plan trips.")
    for turn in turns:
        await Runner.run(agent, turn, session=session)
    answers = {q: (await Runner.run(agent, q, session=session)).final_output for q in questions}
    for question, fact in questions.items():
        assert fact in answers[question], answers
    text = session.summary_text
    assert not any(f"- {heading}\n" in text for heading in ("Travellers", "Budget", "Preferences", "Still to do")), text
    assert turns[1].split("(")[1].split(")")[0] in section_of(text, "## Travellers"), text
    assert all((turn[4].upper() + turn[5:] if turn.startswith("And ") else turn) in section_of(text, "## Still to do") for turn in turns[-2:]), text
    # "And ..." goes with it, a line of its own ("Decide on a Nara day trip.")


@pytest.mark.parametrize(("turns", "questions"), [
    (["My name is Marco and my chemistry exam is on June 12.", "Sorry, the exam is on June 19, they moved it.",
      "I keep using 32 for oxygen when computing molar mass."],
     {"When is my exam?": "June 19", "What's my name?": "Marco"}),
    (["My name is Lena and my flight is BA117 on March 3.", "Sorry, the flight is BA119, they changed it.",
      "I always forget to pack my charger."],
     {"What's my flight?": "BA119", "What's my name?": "Lena"}),
])
async def test_recall_from_a_note_answers_with_the_corrected_fact_and_no_marks(turns, questions) -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=offline_summarizer())
    agent = Agent(name="Tutor", instructions="You are a helpful assistant. Answer briefly.")
    for turn in turns:
        await Runner.run(agent, turn, session=session)
    for question, fact in questions.items():
        answer = (await Runner.run(agent, question, session=session)).final_output
        assert fact in answer and not any(mark in answer for mark in ("Follow up on", "open:")), answer
    old = turns[0].split(" on ")[-1].rstrip(".") if "exam" in turns[0] else "BA117"
    assert old not in session.summary_text, session.summary_text


def test_a_tools_line_in_a_note_is_read_by_its_own_words_not_its_headings():
    from memlab.offline.reading import read_items, stem

    note = ("## Destination and dates\n- October 3 to October 8 in Kyoto.\n\n## Next recommended step\n"
            "- create_ticket returned ticket id: T-1; status: open; queue: repairs.\n- Book the JR pass.")
    said = {s.text: s.stems for s in read_items([{"role": "user", "content": "Recap please."},
                                                  {"role": "assistant", "content": note}])}
    assert stem("dates") in said["October 3 to October 8 in Kyoto."]  # a plain line keeps its heading's words
    assert stem("next") in said["Book the JR pass."]
    tool_line = next(stems for text, stems in said.items() if text.startswith("create_ticket"))
    assert stem("next") not in tool_line and stem("step") not in tool_line
