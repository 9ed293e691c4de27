"""The first things a person tries with a model they have just pointed at the stand-in.

"What is 2+2?", "Summarize this: <a text>", "What can you do?", "Convert 250 euros to yen" with a tool, "Which
carrier is it with?" after a tool said: each is answered from what the request holds (the sum written in it, the
text pasted into it, the instructions, tools and results sent with it), the way a careful literal model would, not
with "I can't do that". Texts, tools and wordings are our own, sent with a plain ``openai`` client or the SDK as a
learner's first try would be.
"""

from __future__ import annotations

import asyncio
import json
from typing import Literal

import openai
import pytest
from agents import Agent, Runner, SQLiteSession, function_tool
from pydantic import BaseModel

from memlab import LLMSummarizer, SummarizingSession

pytestmark = pytest.mark.usefixtures("api")

WEATHER = {"type": "function", "name": "get_weather", "description": "Get the weather for a city.",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


def ask(text: str, instructions: str | None = None, tools: list | None = None) -> str:
    """The model's answer to one message."""
    with openai.OpenAI() as client:  # closed after: no socket is left for the garbage collector to find
        response = client.responses.create(model="gpt-4o-mini", input=text, instructions=instructions, tools=tools or [])
    return response.output_text


@pytest.mark.parametrize(("question", "worked"), [("What is 2+2?", "2+2 = 4."), ("Hi, what's 3+4*2?", "3+4*2 = 11."),
                                                  ("how much is 10+15+7", "10+15+7 = 32.")])
def test_sums_written_without_spaces_are_worked_out(question: str, worked: str) -> None:
    assert ask(question) == worked


def test_a_date_is_still_not_a_sum() -> None:
    assert "=" not in ask("Is 2025-01-17 a Friday?")


def test_a_text_after_the_colon_is_summarized_from_its_own_sentences() -> None:
    assert ask("Summarize this: The meeting moved to Friday at 3pm because Sam is out Thursday.") == (
        "The meeting moved to Friday at 3pm because Sam is out Thursday.")
    assert ask("tl;dr: we lost the Acme deal, pricing was too high, Bob calls them Monday") == (
        "We lost the Acme deal, pricing was too high, Bob calls them Monday.")


def test_a_pasted_letter_is_summarized_without_its_greeting_and_signature() -> None:
    summary = ask("Can you summarize the following email?\n\nHi team, the launch slips to May 3. Marketing needs the "
                  "new copy by April 20. Budget is unchanged.\n\nThanks,\nAna")
    assert summary == "The launch slips to May 3. Marketing needs the new copy by April 20. Budget is unchanged."


def test_the_ask_sets_the_shape_one_sentence_bullets_or_a_word_budget() -> None:
    text = ("Cities are planting more trees to fight heat. Shade can cut street temperatures by up to 10 degrees. "
            "Critics say upkeep is expensive. Some cities fund maintenance with parking fees.")
    one = ask(f"Summarize in one sentence: {text}")
    assert one.count(".") == 1 and "parking fees" in one and one.endswith("."), one
    assert ask(f"Summarize this article in 2 bullet points:\n{text}") == (
        "- Cities are planting more trees to fight heat.\n- Shade can cut street temperatures by up to 10 degrees.")
    short = ask(f"Summarize the following in under 20 words: {text}")
    assert len(short.split()) <= 20 and short.startswith("Cities are planting"), short


def test_a_summary_of_the_conversation_is_not_read_as_a_pasted_text() -> None:
    note = ask("Can you summarize what we discussed? I need it for my notes later today.")
    assert note != "I need it for my notes later today.", note


def test_what_can_you_do_is_answered_from_the_request() -> None:
    alone = ask("What can you do?")
    assert "only answer from what I was sent" in alone and "no tools" in alone, alone
    assert "get_weather (Get the weather for a city)" in ask("How can you help me?", tools=[WEATHER])
    assert "no name" not in ask("Do you remember my name?")
    named = ask("What's your name?")
    assert named.startswith("My instructions give me no name."), named


def test_instructions_that_say_who_the_assistant_is_answer_who_are_you() -> None:
    instructions = "You are Juniper, a friendly travel assistant for Skyline Air."
    assert ask("Who are you?", instructions) == "I'm Juniper, a friendly travel assistant for Skyline Air."
    assert "Juniper" in ask("What can you do?", instructions, [WEATHER])


@pytest.mark.parametrize("task", ["Can you remind me to call Mom at 5?", "Could you please book me a taxi to the airport?",
                                  "Would you send this to my landlord?"])
def test_a_task_asked_as_a_question_without_a_tool_for_it_is_declined_as_a_task(task: str) -> None:
    assert ask(task).startswith("I can't do that: I can only answer from what I was sent"), task


def test_a_question_asking_to_be_told_something_stays_a_question() -> None:
    assert ask("Can you tell me the opening hours?").startswith("I don't know")


def test_a_fact_in_the_instructions_answers_a_question_in_near_words() -> None:
    instructions = ("You are the help bot for Green Leaf Books. Store hours: 9am-6pm Monday to Saturday, closed Sunday. "
                    "Returns are accepted within 30 days with a receipt. Our phone number is 555-0134.")
    for question in ("Are you open on Sundays?", "When do you close?", "Are you open at the weekend?"):
        assert "closed Sunday" in ask(question, instructions), question
    bakery = "You answer questions for the Crumb bakery. Opening hours: 7am to 3pm, Tuesday to Sunday. We bake sourdough daily."
    assert "7am to 3pm" in ask("What are your hours on Sunday?", bakery)


def test_night_in_a_question_is_no_goodbye_but_good_night_is() -> None:
    for question in ("What's my budget per night?", "How much is a night at the Ritz?", "Is the pool open at night?"):
        assert "Goodbye" not in ask(question), question
    assert ask("good night!") == ask("night all") == "Goodbye, talk to you soon!"


def chat(turns: list[str]) -> list[str]:
    """The answers to several messages, each continuing the last through ``previous_response_id``."""
    previous, answers = None, []
    with openai.OpenAI() as client:
        for turn in turns:
            response = client.responses.create(model="gpt-4.1", input=turn, previous_response_id=previous)
            previous, answers = response.id, [*answers, response.output_text]
    return answers


def test_what_do_you_know_about_a_thing_lists_what_was_told_of_it_with_corrections_applied() -> None:
    *_, sam, hotel = chat(["I'm planning a trip to Lisbon in May with my partner Sam.",
                           "We want a hotel near Alfama under 150 euros a night.", "Sam is vegetarian, I eat everything.",
                           "Actually make that under 180 euros.", "What did I say about Sam?",
                           "What do you know about the hotel?"])
    assert "Lisbon in May" in sam and "vegetarian" in sam and "Alfama" not in sam, sam
    assert "180 euros" in hotel and "150" not in hotel, hotel
    *_, dog = chat(["My dog Biscuit is four.", "I walk to work.", "Biscuit hates the vet.", "Tell me everything about Biscuit"])
    assert "four" in dog and "vet" in dog and "walk" not in dog, dog


CONVERT = {"type": "function", "name": "convert_currency", "description": "Convert an amount between currencies.",
           "strict": True, "parameters": {"type": "object", "additionalProperties": False,
                                          "required": ["amount", "from_currency", "to_currency"], "properties": {
               "amount": {"type": "number"}, "from_currency": {"type": "string", "enum": ["USD", "EUR", "GBP", "JPY"]},
               "to_currency": {"type": "string", "enum": ["USD", "EUR", "GBP", "JPY"]}}}}


@pytest.mark.parametrize(("message", "arguments"), [
    ("Convert 250 euros to yen", {"amount": 250, "from_currency": "EUR", "to_currency": "JPY"}),
    ("what's 100 dollars in pounds?", {"amount": 100, "from_currency": "USD", "to_currency": "GBP"}),
    ("How much is 40 pounds in dollars", {"amount": 40, "from_currency": "GBP", "to_currency": "USD"})])
def test_currency_names_choose_their_codes_and_to_or_in_names_the_target(message: str, arguments: dict) -> None:
    with openai.OpenAI() as client:
        response = client.responses.create(model="gpt-4.1", input=message, tools=[CONVERT])
    calls = [item for item in response.output if item.type == "function_call"]
    assert [(call.name, json.loads(call.arguments)) for call in calls] == [("convert_currency", arguments)]


async def test_a_follow_up_about_a_tool_result_is_answered_from_it() -> None:
    @function_tool
    def get_order_status(order_number: str) -> str:
        """Look up the shipping status of an order by its order number."""
        return f"Order {order_number} shipped on Monday via UPS, tracking 1Z999."

    agent, session = Agent(name="Shop", instructions="Help with orders.", tools=[get_order_status]), SQLiteSession("o")
    await Runner.run(agent, "Where is my order 88412?", session=session)
    carrier = (await Runner.run(agent, "Which carrier is it with?", session=session)).final_output
    assert "UPS" in carrier, carrier


async def test_what_a_note_holds_of_a_tool_is_told_as_the_tools_words_and_also_is_no_part_of_a_fact(client) -> None:
    @function_tool
    def book_table(restaurant: str, people: int, time: str) -> str:
        """Book a table at a restaurant for a number of people at a time (HH:MM)."""
        return f"Booked {restaurant} for {people} at {time}. Confirmation R-5521."

    agent = Agent(name="Concierge", instructions="You are a hotel concierge.", tools=[book_table])
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=LLMSummarizer(client))
    answers = [(await Runner.run(agent, turn, session=session)).final_output for turn in (
        "Hi, I'm Dana in room 412.", "Please book Osteria Blu for 3 people at 19:30.",
        "Also, my flight home is on Sunday at 11:05.", "Btw, I'm allergic to shellfish.", "Thanks!",
        "What's my booking confirmation?", "When is my flight?")]
    assert answers[2] == "Noted: your flight home is on Sunday at 11:05.", answers[2]
    assert answers[-2] == "From my notes: Booked Osteria Blu for 3 at 19:30; Confirmation R-5521.", answers[-2]
    assert answers[-1] == "From my notes: your flight home is on Sunday at 11:05.", answers[-1]


@pytest.mark.parametrize(("instructions", "message", "expected"), [
    ("Extract the person's name and age as JSON.", "John Smith is 30 years old and lives in Leeds.",
     {"name": "John Smith", "age": 30}),
    (None, "Return a JSON object with keys city and country for: I live in Porto, Portugal.",
     {"city": "Porto", "country": "Portugal"}),
    ("Reply in JSON with the keys email and price.", "Send the invoice to mia@example.org, total price 49.90 EUR.",
     {"email": "mia@example.org", "price": 49.9})])
def test_json_mode_fills_the_keys_the_request_names_from_its_data(instructions, message, expected) -> None:
    with openai.OpenAI() as client:
        response = client.responses.create(model="gpt-4o", instructions=instructions, input=message,
                                           text={"format": {"type": "json_object"}})
    assert json.loads(response.output_text) == expected


@pytest.mark.parametrize(("question", "tutor"), [
    ("who was the first president of the united states?", "History Tutor"), ("When did World War II end?", "History Tutor"),
    ("Why did the Roman Empire fall?", "History Tutor"), ("What's the derivative of x^2?", "Math Tutor"),
    ("How do fractions work?", "Math Tutor")])
async def test_the_quickstarts_triage_hands_history_and_maths_to_their_tutors(question: str, tutor: str) -> None:
    """The SDK's quickstart (a triage agent, a history tutor and a maths tutor), with our own questions."""
    history = Agent(name="History Tutor", handoff_description="Specialist agent for historical questions",
                    instructions="You answer history questions.")
    maths = Agent(name="Math Tutor", handoff_description="Specialist agent for math questions",
                  instructions="You help with maths problems.")
    triage = Agent(name="Triage Agent", instructions="You determine which agent to use based on the user's homework "
                   "question", handoffs=[history, maths])
    assert (await Runner.run(triage, question)).last_agent.name == tutor


class CalendarEvent(BaseModel):
    name: str
    date: str
    participants: list[str]


@pytest.mark.parametrize(("text", "name"), [("Team retro on March 3rd with Dana, Eli and Mo.", "Team retro"),
                                            ("Dentist appointment 2025-06-12, just me.", "Dentist appointment"),
                                            ("Lunch with Priya and Tom next Tuesday to plan the offsite.", "Lunch"),
                                            ("Alice and Bob are going to a science fair on Friday.", "science fair")])
async def test_an_events_name_is_what_the_text_opens_with_unless_that_is_a_person(text: str, name: str) -> None:
    """The SDK docs' CalendarEvent output type, with our own texts."""
    agent = Agent(name="Calendar extractor", instructions="Extract calendar events from text", output_type=CalendarEvent)
    assert (await Runner.run(agent, text)).final_output.name == name


async def test_a_shopping_agent_searches_compares_adds_and_looks_the_cart_up_afresh() -> None:
    @function_tool
    def search_products(query: str, max_price: float | None = None,
                        category: Literal["shoes", "shirts", "bags"] | None = None) -> list[dict]:
        """Search the catalog for products matching a query, optionally under a max price and in a category."""
        return [{"sku": "SH-101", "name": "Trail Runner", "price": 89.0},
                {"sku": "SH-207", "name": "City Walker", "price": 64.5}]

    @function_tool
    def add_to_cart(sku: str, quantity: int = 1) -> str:
        """Add a product to the cart by its SKU."""
        return f"Added {quantity} x {sku} to the cart."

    @function_tool
    def get_cart() -> dict:
        """Show the cart's contents and total."""
        return {"items": [{"sku": "SH-207", "quantity": 2}], "total": 129.0}

    agent = Agent(name="Shop", instructions="You help customers shop. Use the tools.",
                  tools=[search_products, add_to_cart, get_cart])
    session, calls, replies = SQLiteSession("shop"), [], []
    for turn in ("I'm looking for running shoes under $100", "Which one is cheaper?",
                 "Add two of the cheaper one to my cart", "What's in my cart?"):
        result = await Runner.run(agent, turn, session=session)
        calls.append([(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items
                      if i.type == "tool_call_item"])
        replies.append(result.final_output)
    assert calls == [[("search_products", {"query": "running shoes", "max_price": 100, "category": "shoes"})], [],
                     [("add_to_cart", {"sku": "SH-207", "quantity": 2})], [("get_cart", {})]]
    assert "SH-207" in replies[1] and "64.5" in replies[1], replies[1]


async def test_the_customer_service_examples_desks_route_back_and_ask_for_what_the_seat_change_needs() -> None:
    """The SDK's customer_service example rebuilt in our own words: an FAQ desk sends a seat change back to triage,
    the seat desk asks for the confirmation number, then the seat, and takes no value from earlier answers ("120
    seats", "Airline-Wifi") or from its own request for one."""
    @function_tool
    def faq_lookup(question: str) -> str:
        """Look up frequently asked questions."""
        return ("There are 120 seats on the plane." if "seat" in question.lower() else
                "We have free wifi on board: join Skyways-Wifi.")

    @function_tool
    def update_seat(confirmation_number: str, new_seat: str) -> str:
        """Update the seat for a given confirmation number."""
        return f"Updated seat to {new_seat} for confirmation number {confirmation_number}"

    faq = Agent(name="FAQ Agent", handoff_description="Answers questions about the airline.", tools=[faq_lookup],
                instructions="Answer with the FAQ lookup tool. If you cannot answer the question, transfer back to "
                             "the triage agent.")
    seats = Agent(name="Seat Booking Agent", handoff_description="Updates a seat on a flight.", tools=[update_seat],
                  instructions="Ask for their confirmation number, then for the seat they want, then update it. If "
                               "the customer asks a question not related to this, transfer back to the triage agent.")
    triage = Agent(name="Triage Agent", instructions="Delegate questions to the appropriate agent.",
                   handoffs=[faq, seats])
    faq.handoffs.append(triage)
    seats.handoffs.append(triage)
    agent, session, seen = triage, SQLiteSession("air"), []
    for turn in ("How many seats are on the plane?", "Is there wifi?", "I'd like to change my seat",
                 "My confirmation number is QX7781", "I want seat 22A please"):
        result = await Runner.run(agent, turn, session=session)
        agent = result.last_agent
        seen.append((agent.name, [json.loads(i.raw_item.arguments) for i in result.new_items
                                  if i.type == "tool_call_item" and i.raw_item.name == "update_seat"]))
    assert seen[2:] == [("Seat Booking Agent", []), ("Seat Booking Agent", []),
                        ("Seat Booking Agent", [{"confirmation_number": "QX7781", "new_seat": "22A"}])], seen


class Report(BaseModel):
    short_summary: str
    markdown_report: str
    follow_up_questions: list[str]


@pytest.mark.parametrize("model", ["gpt-4o", "o3-mini"])
async def test_data_labelled_summarized_is_no_ask_and_an_output_type_stays_json(model: str) -> None:
    """The SDK's research_bot writer: its input says "Summarized search results: [...]", which is data, not an ask
    to summarize; with an output type the answer is that type, never a plain text."""
    writer = Agent(name="WriterAgent", instructions="You write a cohesive report for a research query.", model=model,
                   output_type=Report)
    result = await Runner.run(writer, "Original query: quiet beaches in Portugal\nSummarized search results: "
                                      "['Comporta is quiet in May.', 'Odeceixe has few tourists.']")
    assert isinstance(result.final_output, Report)
    assert "Comporta" in result.final_output.model_dump_json()


class Paper(BaseModel):
    title: str
    authors: list[str]
    abstract: str
    keywords: list[str]


def test_a_text_that_opens_with_its_title_and_labels_its_parts_is_read_part_by_part() -> None:
    """The structured-outputs guide's paper extraction, with a paper of our own."""
    text = ("Sleep Spindles Predict Overnight Memory Gains. Maria Okafor, Lena Brandt. Abstract: We recorded the sleep "
            "of forty students after a word-learning task and found that spindle density predicted recall the next "
            "morning. Keywords: sleep, memory, spindles")
    with openai.OpenAI() as client:
        paper = client.responses.parse(model="gpt-4o", text_format=Paper, input=[
            {"role": "system", "content": "Convert the research paper text into the given structure."},
            {"role": "user", "content": text}]).output_parsed
    assert paper.title == "Sleep Spindles Predict Overnight Memory Gains"
    assert paper.abstract.startswith("We recorded the sleep of forty students") and "Keywords" not in paper.abstract
    assert paper.keywords == ["sleep", "memory", "spindles"]


def test_an_image_or_a_file_sent_is_named_as_unread_and_a_hosted_search_as_not_run() -> None:
    with openai.OpenAI() as client:
        image = client.responses.create(model="gpt-4o", input=[{"role": "user", "content": [
            {"type": "input_text", "text": "What breed is this dog?"},
            {"type": "input_image", "image_url": "https://example.org/dog.jpg"}]}]).output_text
        file = client.responses.create(model="gpt-4o", input=[{"role": "user", "content": [
            {"type": "input_text", "text": "Please summarize the attached report"},
            {"type": "input_file", "filename": "q3.pdf", "file_data": "data:application/pdf;base64,JVBERi0x"}]}]).output_text
        searched = client.responses.create(model="gpt-4o", input="Who won the match last night?",
                                           tools=[{"type": "web_search_preview"}]).output_text
    assert image == "I can't see the image you sent: the offline model reads only the text of a request.", image
    assert file.startswith("I can't see the file you sent"), file
    assert searched.startswith("I can't search the web offline"), searched


@pytest.mark.parametrize(("message", "solved"), [("Solve 3x + 7 = 22 for me", "3x + 7 = 22 gives x = 5."),
                                                 ("how can I solve 8x + 7 = -23", "8x + 7 = -23 gives x = -3.75."),
                                                 ("What is n if 2(n - 1) = 10?", "2(n - 1) = 10 gives n = 6.")])
def test_a_linear_equation_written_in_the_message_is_solved(message: str, solved: str) -> None:
    assert ask(message) == solved


def test_an_equation_with_no_single_unknown_is_not_solved() -> None:
    assert "gives" not in ask("Is x + y = 10 when x is 4?") and "gives" not in ask("Solve x^2 = 9")


async def test_a_name_asked_of_someone_whose_name_was_never_given_is_not_answered_with_another_fact() -> None:
    agent, session = Agent(name="Pal", instructions="You are a helpful assistant."), SQLiteSession("names")
    answers = [(await Runner.run(agent, turn, session=session)).final_output for turn in (
        "My sister is getting married in June.", "What's my sister's name?", "My brother Karim lives in Lyon.",
        "What's my brother's name?", "my boss is called Ines", "whats my boss's name")]
    assert answers[1].startswith("I don't know") and "June" not in answers[1], answers[1]
    assert "Karim" in answers[3] and "Ines" in answers[5], answers


def test_an_image_sent_as_its_own_message_before_the_question_is_named_as_unread() -> None:
    image = {"type": "input_image", "detail": "auto", "image_url": "data:image/png;base64,iVBORw0KGgo="}
    agent = Agent(name="Looker", instructions="You describe pictures.")
    result = asyncio.run(Runner.run(agent, [{"role": "user", "content": [image]},
                                            {"role": "user", "content": "What is in this picture?"}]))
    assert result.final_output.startswith("I can't see the image you sent")
