"""When, where and a note's own sections, asked the everyday way.

"What time do you open on Saturday?" is answered from the instructions' hours, the Saturday entry of them (a
range such as "Mon-Fri" holds Friday); a "where" question about a plan told with its date and place gets the place,
a "when" question the date; and a note's sections named "Homework", "Dietary needs" or "Decisions" hold what
belongs there. Sentences, people and domains are our own, driven through the SDK as a learner's agent would be.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns: list[str], instructions: str = "You are a helpful assistant.") -> list[str]:
    """The agent's reply to each turn, one session for all of them."""
    agent, session = Agent(name="Pal", instructions=instructions), SQLiteSession("when-where")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]


@pytest.mark.parametrize(("instructions", "question", "wanted", "unwanted"), [
    ("You are the front desk of a bike shop. Hours: Mon-Fri 9:00-17:00, Saturday 10:00-14:00, closed Sunday.",
     "What time do you open on Saturday?", "10:00", "9:00"),
    ("You are the front desk of a bike shop. Hours: Mon-Fri 9:00-17:00, Saturday 10:00-14:00, closed Sunday.",
     "When do you close on Friday?", "17:00", "14:00"),
    ("You answer for the city library. Opening times: Mon-Thu 8:00-20:00, Fri 8:00-18:00, Sat 10:00-16:00.",
     "what time does the library close on wednesday", "20:00", "18:00"),
    ("You help members of Riverside Gym. Pool hours: weekdays 6:00-21:00, Saturday and Sunday 8:00-18:00.",
     "when does the pool open on sunday?", "8:00-18:00", "6:00"),
    ("You help patients of Dr. Kim's practice. Hours: weekdays 8:00-18:00; Saturday 9:00-12:00.",
     "What time do you open on Saturday?", "9:00-12:00", "8:00"),
    ("Hours: Mon-Fri 9:00-18:00, Sat-Sun 10:00-16:00. Delivery: free over 50 euros, otherwise 4.95 euros.",
     "What time do you close on weekends?", "16:00", "18:00"),
    ("You are Max of Hilltop Gym. Opening hours: 6:00-22:00 on weekdays, 8:00-20:00 on weekends.",
     "What time do you open on Saturday?", "8:00-20:00", "6:00"),
])
async def test_a_time_asked_of_a_day_is_that_days_entry_of_the_hours(instructions, question, wanted, unwanted):
    answer, = await chat([question], instructions)
    assert wanted in answer and unwanted not in answer.replace(wanted, ""), answer


async def test_what_time_is_it_is_not_answered_by_the_hours_but_what_time_do_you_open_is():
    hours = "You are the front desk of a bike shop. Hours: Mon-Fri 9:00-17:00, Saturday 10:00-14:00, closed Sunday."
    clock, = await chat(["What time is it?"], hours)
    opens, = await chat(["What time do you open?"], hours)
    assert clock.startswith("I don't know") and "9:00-17:00" in opens, (clock, opens)


@pytest.mark.parametrize(("instructions", "address"), [
    ("You are the assistant of Bella Pizza. Opening hours: Tue-Sun 12:00-23:00. Address: 14 Harbour Street.",
     "14 Harbour Street"),
    ("You answer questions for Greenleaf Dental. We are located at 22 Oak Avenue, Bristol.", "22 Oak Avenue"),
])
@pytest.mark.parametrize("question", ["Where are you?", "where are you located", "Where can I find you?"])
async def test_where_asked_of_the_assistant_is_the_address_its_instructions_give(instructions, address, question):
    answer, = await chat([question], instructions)
    assert address in answer, answer


@pytest.mark.parametrize(("told", "where", "place", "when", "date"), [
    ("My sister's wedding is on June 14 in Porto.", "Where is my sister's wedding?", "Porto",
     "When is my sister's wedding?", "June 14"),
    ("The conference is in Lisbon from May 2 to May 4.", "Where's the conference?", "Lisbon",
     "when is the conference", "May 2 to May 4"),
    ("my dentist appointment is on Tuesday at 3pm at Smile Clinic", "wheres my dentist appointment", "Smile Clinic",
     "When's my dentist appointment?", "Tuesday at 3pm"),
    ("Our class reunion is at the Grand Hotel on the 3rd of July.", "where is the reunion?", "Grand Hotel",
     "when is our reunion?", "3rd of July"),
    ("Mum's surgery is next Tuesday at St Mary's Hospital.", "Where is mum's surgery?", "St Mary's Hospital",
     "when is mums surgery", "next Tuesday"),
    ("Book club meets at Lena's house every second Thursday.", "Where does book club meet?", "Lena's house",
     "When does book club meet?", "every second Thursday"),
    ("The concert starts at 8pm at the Royal Albert Hall.", "where's the concert", "Royal Albert Hall",
     "what time does the concert start", "8pm"),
    ("The team dinner is at Nando's on Friday at 7.", "Where's the team dinner?", "Nando's", "when is the team dinner",
     "Friday at 7"),
    ("Sara's baby shower is at her mum's house on 9 August.", "Where is Sara's baby shower?", "her mum's house",
     "When is the baby shower?", "9 August"),
    ("Our anniversary dinner is booked at Osteria Blu for 8pm on Saturday.", "where are we having our anniversary dinner?",
     "Osteria Blu", "what time is the anniversary dinner", "8pm on Saturday"),
    ("my yoga class is on Mondays at 6:30 in the community centre", "where is my yoga class?", "community centre",
     "when is yoga?", "Mondays at 6:30"),
    ("My driving test is tomorrow morning at the test centre on Elm Road.", "Where's my driving test?", "test centre",
     "When is my driving test?", "tomorrow morning"),
])
async def test_where_gets_the_place_and_when_the_date_of_a_plan_told_with_both(told, where, place, when, date):
    _, at, on = await chat([told, where, when])
    assert place in at and date not in at, at
    assert date in on and place not in on, on


TUTORING = [("user", "Hi, I'm Anna's tutor. Today we did quadratic equations and factoring."),
            ("assistant", "How did Anna do?"), ("user", "She struggled with the discriminant but got better."),
            ("assistant", "Anything for next time?"), ("user", "Anna must finish exercises 4-7 by Monday."),
            ("assistant", "Got it."), ("user", "Next session is Thursday at 5pm.")]
PIANO = [("user", "Leo played the Minuet in G much more evenly this week."), ("assistant", "Great progress!"),
         ("user", "For next week, Leo needs to practise the C major scale hands together."), ("assistant", "Got it."),
         ("user", "Our next lesson is on Tuesday at 4."), ("assistant", "See you then.")]
CATERING = [("user", "I'm organising a dinner for 12 people on Saturday 14 June."),
            ("assistant", "Lovely, anything I should know about the guests?"),
            ("user", "Two guests are vegan, one is allergic to nuts."), ("assistant", "Noted. Budget?"),
            ("user", "About 600 euros in total.")]
WEDDING = [("user", "We'd love to come to the wedding, it's me and my husband Raj."), ("assistant", "Wonderful!"),
           ("user", "Raj is vegetarian and I'm allergic to shellfish."), ("assistant", "Thanks, noted.")]


async def note(conversation, instructions: str) -> str:
    agent = Agent(name="Notes", instructions=instructions)
    items = [{"role": role, "content": text} for role, text in conversation]
    return str((await Runner.run(agent, items)).final_output)


def body(text: str, heading: str) -> str:
    """What a note holds under ``heading`` ("Heading:", bold or not, or "## Heading"), up to the next blank line."""
    rest = text.split(f"{heading}:", 1)[1].lstrip("*") if f"{heading}:" in text else text.split(f"## {heading}", 1)[1]
    return rest.split("\n\n", 1)[0] if rest.startswith("\n") else rest.split("\n", 1)[0]


@pytest.mark.parametrize(("conversation", "instructions", "heading", "fact", "elsewhere"), [
    (TUTORING, "Write a tutoring session note with these sections:\n**Topics covered**\n**Homework**\n"
               "**Next session**", "Homework", "exercises 4-7 by Monday", "Topics covered"),
    (PIANO, "Summarize the lesson.\n\nProgress:\nHomework:\nNext lesson:", "Homework", "C major scale", "Progress"),
    (CATERING, "Write a catering handover with these sections:\nEvent:\nGuests:\nDietary needs:\nBudget:",
     "Dietary needs", "allergic to nuts", "Event"),
    (WEDDING, "Summarize the RSVP chat with the sections:\n## Guests\n## Dietary needs", "Dietary needs",
     "allergic to shellfish", ""),
])
async def test_homework_and_dietary_sections_hold_what_is_to_do_and_what_guests_eat(conversation, instructions,
                                                                                  heading, fact, elsewhere):
    text = await note(conversation, instructions)
    assert fact in body(text, heading), text
    assert not elsewhere or fact not in body(text, elsewhere), text


MEETING = [("user", "Quick sync about the spring release: QA found two blocking bugs in checkout."),
           ("assistant", "Okay, what do we do?"), ("user", "We decided to move the launch to April."),
           ("assistant", "Makes sense."), ("user", "Priya will tell marketing today.")]


@pytest.mark.parametrize(("conversation", "instructions", "heading", "fact"), [
    (MEETING, "Summarize the meeting with these sections:\nDecisions\nAction items\n\nKeep it short.", "Decisions",
     "move the launch to April"),
    (CATERING, "Write a handover for the kitchen. Use these headings:\nEvent\nDietary needs\nBudget", "Dietary needs",
     "two guests are vegan"),
])
async def test_section_names_listed_a_line_each_without_marks_are_the_sections(conversation, instructions, heading,
                                                                              fact):
    text = await note(conversation, instructions)
    assert f"{heading}:" in text and fact.lower() in body(text, heading).lower(), text


@pytest.mark.parametrize(("conversation", "instructions", "heading", "fact"), [
    (TUTORING, "Write a tutoring session note with these sections:\n**Topics covered**\n**Homework**\n**Next session**",
     "Next session", "Thursday at 5pm"),
    (PIANO, "Summarize the lesson.\n\nProgress:\nHomework:\nNext lesson:", "Next lesson", "Tuesday at 4"),
])
async def test_the_next_session_told_by_the_user_is_the_next_step(conversation, instructions, heading, fact):
    text = await note(conversation, instructions)
    assert fact in body(text, heading), text


@pytest.mark.parametrize(("told", "question", "wanted"), [
    ("I lent Tom 200 dollars last week.", "Who did I lend money to?", "Tom"),
    ("I lent Tom 200 dollars last week.", "how much money did i lend tom", "200 dollars"),
    ("I gave my sister 50 euros for her birthday.", "How much money did I give my sister?", "50 euros"),
])
async def test_money_asks_for_the_dollars_or_euros_told(told, question, wanted):
    _, answer = await chat([told, question])
    assert wanted in answer and not answer.startswith("I don't know"), answer


@pytest.mark.parametrize("instructions", ["Write minutes with these sections:\n- Decisions\n- Action items",
                                          "Write the minutes in two sections: Decisions and Action items."])
async def test_minutes_asked_with_their_sections_are_a_note(instructions):
    text = await note(MEETING, instructions)
    assert "move the launch to April" in body(text, "Decisions"), text
    assert "Priya will tell marketing" in body(text, "Action items"), text
