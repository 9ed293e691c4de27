"""Triage agents, their desks and the turns after a handoff.

A desk's name said only as where or whose a thing another desk speaks of is does not name it: "The hotel wifi won't
connect" goes to IT support ("Helps with wifi, laptops and accounts"), not to the hotel desk; "my laptop at the
library" likewise. "Where is my order?" asks about a delivery: the shipping desk takes it, and a symptom ("a mild
headache", "I burned my hand") the desk for symptoms or for anything medical; "Do you have ...?" the desk that checks
stock or tells what is available; a word for the same thing ("competition": tournaments, "reserve": preorders) the
desk that names it. A desk handed to hands on only as its instructions say, not back to a triage agent whose name
shares a word with the question ("How much is a surf lesson?" stays with lessons, not "Surf school triage").

A desk answers from a sentence of its instructions that states a fact with no number in it, a subject and its verb
("Late applications are not accepted.", "EU citizens need no visa for Norway."), in the later turns of a session too; asked again ("How much does that cost?"), it says it again rather than "I
don't know"; "How long will it take?" is told by a sentence that says a duration ("... arrive in 5 working
days"), "Which days do you have?" by one that names weekdays ("... Tuesday and Thursday mornings"), not by what the
user said of a day, "Who teaches it?" by the result that says "taught by ..." (no new look-up); "How much is it?" after a tool said "... at 59.99 EUR" is answered by that result.

A desk's structured output reads each listed item alone: "maths 82, history 45" gives subjects "maths" and "history"
(not "and history 45"). A reason field of an action the user names takes the reason they give beside it ("I lost my
card ending 4417, please freeze it"), not "Freeze: the message says 'freeze'".
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool
from agents.extensions.handoff_prompt import RECOMMENDED_PROMPT_PREFIX, prompt_with_handoff_instructions
from typing import Literal, Optional

from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


def desk(name: str, does: str) -> Agent:
    return Agent(name=name, handoff_description=does, instructions=f"You are the {name}. {does}.")


async def routed(desks: list[Agent], message: str) -> str:
    triage = Agent(name="Triage", instructions="Route the user to the right desk.", handoffs=desks)
    return (await Runner.run(triage, message)).last_agent.name


@pytest.mark.parametrize(("desks", "message", "expected"), [
    ([("Hotel agent", "Handles hotel bookings"), ("IT support agent", "Helps with wifi, laptops and accounts")],
     "The hotel wifi won't connect", "IT support agent"),
    ([("Hotel agent", "Handles hotel bookings"), ("IT support agent", "Helps with wifi, laptops and accounts")],
     "My laptop in the hotel room won't turn on", "IT support agent"),
    ([("Library agent", "Renews and reserves books"), ("Tech desk", "Fixes printers, wifi and passwords")],
     "The library printer is jammed again", "Tech desk"),
    ([("Library agent", "Renews and reserves books"), ("Tech desk", "Fixes printers, wifi and passwords")],
     "I forgot my password at the library", "Tech desk"),
    ([("Library agent", "Renews and reserves books"), ("Tech desk", "Fixes printers, wifi and passwords")],
     "Can I renew my library book?", "Library agent"),
])
async def test_a_desk_named_only_as_where_hands_to_the_desk_of_the_thing(desks, message, expected):
    assert await routed([desk(*one) for one in desks], message) == expected


@pytest.mark.parametrize("message", ["Where is my order?", "Where's my order? It's been a week.",
                                     "Has my order left the warehouse?"])
async def test_where_is_my_order_goes_to_the_delivery_desk(message):
    desks = [desk("Shipping agent", "Answers questions about deliveries and shipping status"),
             desk("Refunds agent", "Handles refund requests"), desk("Courses agent", "Helps students pick courses")]
    assert await routed(desks, message) == "Shipping agent"


@pytest.mark.parametrize(("desks", "message", "expected"), [
    ([("Intake nurse", "Records symptoms before a doctor visit"), ("Billing", "Answers questions about invoices")],
     "I'm Marta, 34. I've had a mild headache for 3 days and a sore throat.", "Intake nurse"),
    ([("Nurse line", "Escalate a medical question to the nurse"), ("Appointments", "Books doctor appointments")],
     "I burned my hand on the stove, what should I do?", "Nurse line"),
    ([("Sick pets desk", "Helps with sick animals"), ("Grooming desk", "Books grooming sessions")],
     "My cat has a fever and keeps coughing", "Sick pets desk"),
])
async def test_a_symptom_goes_to_the_medical_desk(desks, message, expected):
    assert await routed([desk(*one) for one in desks], message) == expected


@pytest.mark.parametrize(("desks", "message", "expected"), [
    ([("Sales agent", "Checks stock and prices of games"), ("Support agent", "Helps with broken discs and accounts")],
     "Do you have Elden Ring for PS5?", "Sales agent"),
    ([("Bakery counter", "Tells what breads and cakes are available today"), ("Catering", "Takes orders for events")],
     "Do you have sourdough today?", "Bakery counter"),
])
async def test_do_you_have_goes_to_the_stock_desk(desks, message, expected):
    assert await routed([desk(*one) for one in desks], message) == expected


GAME_DESKS = [("Preorders", "Takes preorders for upcoming games"), ("Repairs", "Repairs consoles and controllers"),
              ("Tournaments", "Signs players up for in-store tournaments"), ("Gift cards", "Sells gift cards")]


@pytest.mark.parametrize(("desks", "message", "expected"), [
    (GAME_DESKS, "I'd like to join the Saturday competition", "Tournaments"),
    (GAME_DESKS, "Can I reserve the new Zelda before release?", "Preorders"),
    ([("Chess club desk", "Enters members into chess tournaments"), ("Lessons desk", "Books chess lessons")],
     "Is there a contest I can enter next month?", "Chess club desk"),
])
async def test_a_word_for_the_same_thing_names_the_desk(desks, message, expected):
    assert await routed([desk(*one) for one in desks], message) == expected


@pytest.mark.parametrize(("triage_name", "desks", "message", "expected"), [
    ("Surf school triage", [("Lessons agent", "Books surf lessons", "Lessons last 2 hours and cost 45 EUR."),
                            ("Rentals agent", "Rents surfboards and wetsuits", "Boards rent for 20 EUR a day.")],
     "How much is a surf lesson?", ("Lessons agent", "Lessons last 2 hours and cost 45 EUR.")),
    ("Harbor Bank front desk", [("Loans agent", "Answers loan questions", "Our loan rate is 6.5% APR."),
                                ("Cards agent", "Replaces bank cards", "New cards arrive in 5 days.")],
     "What is the loan rate at the bank?", ("Loans agent", "Our loan rate is 6.5% APR.")),
])
async def test_a_desk_does_not_hand_back_by_a_word_of_the_triage_name(triage_name, desks, message, expected):
    agents = [Agent(name=name, handoff_description=does, instructions=prompt_with_handoff_instructions(
        f"{facts} If the customer asks about anything else, transfer back to the triage agent.")) for name, does, facts in desks]
    triage = Agent(name=triage_name, handoffs=agents,
                   instructions=f"{RECOMMENDED_PROMPT_PREFIX}\nYou are a helpful triage agent. Delegate to the right agent.")
    for agent in agents:
        agent.handoffs.append(triage)
    result = await Runner.run(triage, message)
    assert (result.last_agent.name, result.final_output) == expected


async def session(agent: Agent, turns: list[str]) -> list[tuple[str, str]]:
    """Each turn's desk and reply, the next turn sent to the desk that answered."""
    kept, replies = SQLiteSession(turns[0]), []
    for turn in turns:
        result = await Runner.run(agent, turn, session=kept)
        agent = result.last_agent
        replies.append((agent.name, result.final_output))
    return replies


async def test_a_desk_answers_a_later_turn_from_a_fact_without_a_number():
    admissions = Agent(name="Admissions desk", handoff_description="Answers questions about applying and deadlines",
                       instructions="Applications for the autumn term close on 15 June. The application fee is 40 EUR. "
                                    "Late applications are not accepted.")
    fees = desk("Fees desk", "Handles tuition payments and scholarships")
    triage = Agent(name="School reception", instructions="Send each student to the right desk.", handoffs=[admissions, fees])
    replies = await session(triage, ["When do applications close?", "How much is the application fee?",
                                     "And are late applications accepted?"])
    assert replies == [("Admissions desk", "Applications for the autumn term close on 15 June."),
                       ("Admissions desk", "The application fee is 40 EUR."),
                       ("Admissions desk", "Late applications are not accepted.")]


@pytest.mark.parametrize(("instructions", "message", "expected"), [
    ("EU citizens need no visa for Norway. US citizens need an ESTA for the United States.",
     "Do I need a visa for Norway as an EU citizen?", "EU citizens need no visa for Norway."),
    ("Library cards are free for residents. Lost cards have a replacement fee.", "Are library cards free?",
     "Library cards are free for residents."),
    ("Help gardeners. Tomatoes need full sun. Ferns prefer shade.", "Do tomatoes need sun?", "Tomatoes need full sun."),
    ("Boards rent for 20 EUR a day. Wetsuits are included with lessons.", "How much is a surf lesson?",  # one word of
     "I don't know: nothing in this conversation or in my instructions says, and I can only answer from what I was "
     "sent."),  # two: no answer
])
async def test_a_fact_without_a_number_answers(instructions, message, expected):
    assert (await Runner.run(Agent(name="Desk", instructions=instructions), message)).final_output == expected


@pytest.mark.parametrize(("does", "instructions", "turns", "expected"), [
    ("Changes flight bookings", "You change flights. A date change costs 50 EUR.",
     ["I want to change my flight date", "How much does that cost?"], "A date change costs 50 EUR."),
    ("Rents out bikes", "Bike rentals cost 15 EUR a day. Helmets are included.",
     ["How much is a bike rental?", "Sorry, what did you say the rental costs?"], "Bike rentals cost 15 EUR a day."),
    ("Values used games for trade-in credit", "We give 10 EUR credit per used game in good condition.",
     ["How much credit would I get for 3 old games?", "What condition do they need to be in?"],
     "We give 10 EUR credit per used game in good condition."),
])
async def test_asked_again_a_desk_says_it_again(does, instructions, turns, expected):
    agent = Agent(name="Desk", instructions=instructions, handoff_description=does)
    triage = Agent(name="Triage", instructions="Route the user.", handoffs=[agent, desk("Music desk", "Plays songs")])
    assert (await session(triage, turns))[-1] == ("Desk", expected)


class Grade(BaseModel):
    subject: str
    score: int


class ReportCard(BaseModel):
    student: str
    grades: list[Grade]


@pytest.mark.parametrize(("message", "expected"), [
    ("Student Leo Park: maths 82, history 45, biology 67.",
     ReportCard(student="Leo Park", grades=[Grade(subject="maths", score=82), Grade(subject="history", score=45),
                                            Grade(subject="biology", score=67)])),
    ("Grades for Ana: physics 90 and art 71",
     ReportCard(student="Ana", grades=[Grade(subject="physics", score=90), Grade(subject="art", score=71)])),
])
async def test_a_desk_fills_one_object_per_listed_item(message, expected):
    writer = Agent(name="Report desk", handoff_description="Writes report cards from grades", output_type=ReportCard,
                   instructions="Write a report card from the grades the teacher gives.")
    triage = Agent(name="School office", instructions="Route teachers.", handoffs=[writer, desk("Canteen", "Menus")])
    result = await Runner.run(triage, message)
    assert (result.last_agent.name, result.final_output) == ("Report desk", expected)


class CardAction(BaseModel):
    action: Literal["freeze", "unfreeze", "replace"]
    card_last4: str
    reason: Optional[str] = None


class Swap(BaseModel):
    item: str
    action: Literal["return", "exchange"]
    reason: str


async def test_a_reason_field_takes_the_reason_the_user_gives_for_the_action_they_name():
    cards = Agent(name="Cards desk", handoff_description="Freezes, unfreezes and replaces bank cards",
                  instructions="Work out what to do with the card.", output_type=CardAction)
    triage = Agent(name="Bank triage", instructions="Route clients.", handoffs=[cards, desk("Mortgages", "Home loans")])
    result = await Runner.run(triage, "I lost my card ending 4417, please freeze it")
    assert result.final_output == CardAction(action="freeze", card_last4="4417", reason="I lost my card ending 4417")


@pytest.mark.parametrize(("message", "expected"), [
    ("I want to exchange the blue jacket, it's too small", Swap(item="blue jacket", action="exchange",
                                                                reason="it's too small")),
    ("Return the kettle please, it leaks", Swap(item="kettle", action="return", reason="it leaks")),
])
async def test_the_reason_beside_the_action(message, expected):
    assert (await Runner.run(Agent(name="Desk", instructions="Log it.", output_type=Swap), message)).final_output == expected


@function_tool
def check_stock(game: str, platform: str) -> str:
    """Check whether a game is in stock for a platform."""
    return f"{game} for {platform}: 3 in stock at 59.99 EUR."


@function_tool
def find_seats(concert: str) -> str:
    """Find free seats for a concert."""
    return f"{concert}: 4 seats left in row B, 35 GBP each."


@pytest.mark.parametrize(("tool", "does", "turns", "expected"), [
    (check_stock, "Checks stock and prices of games", ["Do you have Elden Ring for PS5?", "How much is it?"],
     "Elden Ring for PS5: 3 in stock at 59.99 EUR."),
    (find_seats, "Finds seats for concerts", ["Are there seats left for the Adele concert?", "How much does it cost?"],
     "Adele: 4 seats left in row B, 35 GBP each."),
])
async def test_how_much_is_it_is_answered_by_the_amount_a_tool_gave(tool, does, turns, expected):
    sales = Agent(name="Sales desk", handoff_description=does, instructions="Use your tool.", tools=[tool])
    triage = Agent(name="Triage", instructions="Route shoppers.", handoffs=[sales, desk("Support desk", "Fixes logins")])
    assert (await session(triage, turns))[-1] == ("Sales desk", expected)


async def test_how_long_is_told_by_a_duration_in_the_desks_instructions():
    triage = Agent(name="Bank triage", instructions="Route clients to cards or mortgages.")
    cards = Agent(name="Cards desk", handoff_description="Blocks and replaces bank cards", handoffs=[triage],
                  instructions="Replacement cards arrive in 5 working days. If the client asks about something else, "
                               "hand back to the triage agent.")
    mortgages = Agent(name="Mortgage desk", handoff_description="Answers mortgage questions", handoffs=[triage],
                      instructions="Our fixed mortgage rate is 3.9% for 10 years.")
    triage.handoffs = [cards, mortgages]
    replies = await session(triage, ["My card is damaged, I need a new one", "How long will it take to arrive?",
                                     "Thanks! Also, what's your mortgage rate?"])
    assert replies[1:] == [("Cards desk", "Replacement cards arrive in 5 working days."),
                           ("Mortgage desk", "Our fixed mortgage rate is 3.9% for 10 years.")]


@pytest.mark.parametrize(("instructions", "message", "expected"), [
    ("Refunds are processed within 10 days. Exchanges are free.", "How long do refunds take?",
     "Refunds are processed within 10 days."),
    ("Visa applications are processed in 3 weeks.", "How long does the visa take?",
     "Visa applications are processed in 3 weeks."),
])
async def test_how_long(instructions, message, expected):
    assert (await Runner.run(Agent(name="Desk", instructions=instructions), message)).final_output == expected


async def test_which_days_is_told_by_the_weekdays_the_desk_names():
    booking = Agent(name="Appointments", handoff_description="Books and moves doctor appointments",
                    instructions="Appointments are available Tuesday and Thursday mornings.")
    triage = Agent(name="Clinic front desk", instructions="Route patients.", handoffs=[booking, desk("Billing", "Invoices")])
    replies = await session(triage, ["I need to move my appointment to another day", "Which days do you have?"])
    assert replies[-1] == ("Appointments", "Appointments are available Tuesday and Thursday mornings.")


@pytest.mark.parametrize(("instructions", "message", "expected"), [
    ("The pottery workshop is held Saturday and Sunday afternoons. Clay costs 5 EUR.",
     "Which days do you have the workshop?", "The pottery workshop is held Saturday and Sunday afternoons."),
    ("Piano lessons are given on Monday and Friday. Sheet music is extra.", "Which days do you give piano lessons?",
     "Piano lessons are given on Monday and Friday."),
])
async def test_which_days_do_you(instructions, message, expected):
    assert (await Runner.run(Agent(name="Desk", instructions=instructions), message)).final_output == expected


@function_tool
def find_class(course: str) -> str:
    """Find when and where a class meets."""
    return f"{course}: Tuesdays 14:00 in room C3, taught by Ms Ortega."


@pytest.mark.parametrize("turns", [["When does the chemistry class meet?", "Who teaches it?"],
                                   ["Where does the Spanish class meet?", "And who teaches the class?"]])
async def test_who_teaches_it_is_answered_by_the_result_that_says_taught(turns):
    timetable = Agent(name="Timetable desk", handoff_description="Tells when and where classes meet",
                      instructions="Use find_class.", tools=[find_class])
    triage = Agent(name="School office", instructions="Route students.", handoffs=[timetable, desk("Canteen", "Menus")])
    kept, agent = SQLiteSession(turns[0]), triage
    for turn in turns:
        result = await Runner.run(agent, turn, session=kept)
        agent = result.last_agent
    assert [item.type for item in result.new_items if item.type == "tool_call_item"] == []
    assert "taught by Ms Ortega" in result.final_output
