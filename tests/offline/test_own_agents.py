"""Agents, tools, schemas and prompts of our own, none of them memlab's scenario, against the offline model.

Each test is what a learner or a CI maintainer would try with their own agent: a calculator, a currency
converter, a flight search, a weather tool asked about two cities, a triage desk, an extraction into a
Pydantic model, a handover note in a shape memlab's prompts never use. Each checks what a careful,
literal model would do with only the request in hand.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, ModelSettings, Runner, SQLiteSession, function_tool
from pydantic import BaseModel

from memlab.offline.api import OfflineAPI

pytestmark = pytest.mark.usefixtures("api")


def calls_of(result) -> list[tuple[str, dict]]:
    return [(i.raw_item.name, json.loads(i.raw_item.arguments)) for i in result.new_items if i.type == "tool_call_item"]


@function_tool
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@function_tool
def forecast(city: str) -> str:
    """Today's weather for a city."""
    return {"paris": "sunny, 21°C", "oslo": "rain, 9°C"}.get(city.lower(), "no data")


@function_tool
def convert(amount: float, currency: Literal["EUR", "USD", "GBP"]) -> str:
    """Convert an amount of US dollars into another currency."""
    return json.dumps({"amount": round(amount * 0.9, 2), "currency": currency})


@function_tool
def search_flights(origin: str, destination: str, date: str) -> list[dict[str, str]]:
    """List the flights between two airports on a date (YYYY-MM-DD)."""
    return [{"flight": "LH123", "departs": "08:10"}, {"flight": "AF456", "departs": "12:45"}]


HELPER = Agent(name="Helper", instructions="You are a helpful assistant. Use the tools when they help.",
               tools=[add, forecast, convert, search_flights])


async def test_a_tool_named_after_the_verb_the_user_uses_is_called_with_each_number_in_order() -> None:
    result = await Runner.run(HELPER, "Please add 2 and 40.")
    assert calls_of(result) == [("add", {"a": 2, "b": 40})]
    assert "42" in result.final_output


async def test_a_question_whose_numbers_fill_a_tools_parameters_calls_it() -> None:
    result = await Runner.run(HELPER, "What is 17 plus 25?")
    assert calls_of(result) == [("add", {"a": 17, "b": 25})]
    assert "42" in result.final_output


async def test_a_message_asking_about_two_places_calls_the_tool_once_for_each() -> None:
    result = await Runner.run(HELPER, "What's the weather like in Paris and in Oslo today?")
    assert sorted(calls_of(result), key=str) == [("forecast", {"city": "Oslo"}), ("forecast", {"city": "Paris"})]
    assert "sunny" in result.final_output and "rain" in result.final_output


async def test_an_enum_is_chosen_from_a_word_it_abbreviates() -> None:
    result = await Runner.run(HELPER, "How much is 120 dollars in euros?")
    assert calls_of(result) == [("convert", {"amount": 120, "currency": "EUR"})]
    assert "108" in result.final_output


async def test_two_places_fill_two_place_parameters_in_the_order_they_were_said() -> None:
    result = await Runner.run(HELPER, "Find me flights from FRA to CDG on 2027-03-14.")
    assert calls_of(result) == [("search_flights", {"origin": "FRA", "destination": "CDG", "date": "2027-03-14"})]
    assert "LH123" in result.final_output and "AF456" in result.final_output
    assert "{" not in result.final_output and "'" not in result.final_output  # read out, not a Python repr


async def test_a_question_no_tool_and_no_message_answers_is_one_honest_sentence() -> None:
    result = await Runner.run(HELPER, "What is the capital of France?")
    assert calls_of(result) == []
    assert result.final_output.startswith("I don't know") and result.final_output.count(".") == 1


async def test_a_reasoning_model_reasons_then_calls_the_tool() -> None:
    agent = Agent(name="Thinker", model="o4-mini", instructions="Answer briefly.", tools=[add])
    result = await Runner.run(agent, "Please add 2 and 40.")
    kinds = [i.type for i in result.new_items]
    assert kinds[0] == "reasoning_item" and "tool_call_item" in kinds
    assert "42" in result.final_output


async def test_a_name_opening_the_message_keeps_its_capital_when_echoed() -> None:
    result = await Runner.run(Agent(name="Notes", instructions="Take notes."), "Alice moved the launch to June.")
    assert "Alice moved the launch to June" in result.final_output


async def test_a_triage_desk_hands_a_billing_request_to_billing_which_answers_plainly() -> None:
    billing = Agent(name="Billing agent", handoff_description="Handles invoices, refunds and payment questions.",
                    instructions="You handle billing.")
    tech = Agent(name="Tech support", handoff_description="Fixes technical problems: crashes, errors, login issues.",
                 instructions="You fix technical problems.")
    triage = Agent(name="Triage", instructions="Route the user to the right specialist.", handoffs=[billing, tech])
    result = await Runner.run(triage, "I was charged twice on my last invoice, can I get a refund?")
    assert result.last_agent.name == "Billing agent"
    assert "tell me again" not in result.final_output  # nothing was forgotten: it was never said
    result = await Runner.run(triage, "The app crashes every time I log in.")
    assert result.last_agent.name == "Tech support"


class Meeting(BaseModel):
    title: str
    day: Literal["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    city: str
    attendees: list[str]
    online: bool


async def test_an_extraction_fills_a_list_with_every_name_and_text_fields_from_the_message() -> None:
    agent = Agent(name="Extractor", instructions="Extract the meeting from the text.", output_type=Meeting)
    result = await Runner.run(agent, "Alice and Bob are meeting for the quarterly review on Friday in Berlin.")
    meeting = result.final_output
    assert isinstance(meeting, Meeting)
    assert (meeting.day, meeting.city, meeting.online) == ("Friday", "Berlin", False)
    assert sorted(meeting.attendees) == ["Alice", "Bob"]
    assert "quarterly review" in meeting.title and not meeting.title.startswith("Noted")


CHAT = [
    {"role": "user", "content": "Hi, I'm Priya. I booked flight BA117 from London to New York for 12 March."},
    {"role": "assistant", "content": "Thanks Priya, I see booking REF-55821."},
    {"role": "user", "content": "I need to change it to 14 March because my sister's wedding moved."},
    {"role": "assistant", "content": "The fare difference would be 85 GBP."},
    {"role": "user", "content": "That's fine, please go ahead and charge my Visa ending 4412."},
    {"role": "assistant", "content": "Done: you're now on BA117 on 14 March, seat 32C."},
]


def note(prompt: str) -> str:
    body = {"model": "gpt-4.1", "instructions": prompt, "input": CHAT}
    return OfflineAPI().respond(body)["output"][-1]["content"][0]["text"]


def test_markdown_headings_asked_for_exactly_are_kept_exactly_and_filled() -> None:
    text = note("Summarize the chat using these markdown headings exactly:\n### Who\n### What they wanted\n### Outcome\n")
    lines = text.splitlines()
    assert [line for line in lines if line.startswith("#")] == ["### Who", "### What they wanted", "### Outcome"]
    assert "Priya" in text and "14 March" in text


def test_sections_listed_in_a_sentence_are_the_notes_sections() -> None:
    text = note("Produce a summary with the sections Customer, Request, Resolution and Follow-up.")
    at = [text.find(name) for name in ("Customer", "Request", "Resolution", "Follow-up")]
    assert all(position >= 0 for position in at) and at == sorted(at), text
    assert "Problem:" not in text  # memlab's own default sections are not used instead


def test_a_json_handover_has_the_keys_asked_for() -> None:
    text = note("Return JSON with the keys customer, booking_reference, new_date and amount_charged.")
    data = json.loads(text)
    assert list(data) == ["customer", "booking_reference", "new_date", "amount_charged"]
    assert "REF-55821" in data["booking_reference"] and "14 March" in data["new_date"]


@function_tool
def book_table(restaurant: str, people: int, time: str) -> str:
    """Book a table at a restaurant for a number of people at a time (HH:MM)."""
    return f"Booked {restaurant} for {people} at {time}."


@function_tool
def get_stock_price(ticker: str) -> float:
    """Latest stock price for a ticker symbol."""
    return {"AAPL": 231.5}.get(ticker.upper(), -1.0)


@function_tool
def lookup_user(email: str) -> dict:
    """Find a user account by email address."""
    return {"id": 991, "name": "Dana Lee", "plan": "pro"}


CONCIERGE = Agent(name="Concierge", instructions="Help the user.", tools=[book_table, get_stock_price, lookup_user])


async def test_a_name_a_number_and_a_time_fill_a_booking() -> None:
    result = await Runner.run(CONCIERGE, "Book a table for 4 people at Luigi's at 19:30.")
    assert calls_of(result) == [("book_table", {"restaurant": "Luigi's", "people": 4, "time": "19:30"})]


async def test_a_value_right_after_the_parameters_name_fills_it_and_picks_the_tool() -> None:
    result = await Runner.run(CONCIERGE, "What's Apple trading at? Ticker AAPL.")
    assert calls_of(result) == [("get_stock_price", {"ticker": "AAPL"})]
    assert "231.5" in result.final_output


async def test_an_email_address_a_tool_takes_is_looked_up_and_its_record_read_out() -> None:
    result = await Runner.run(CONCIERGE, "Which plan is dana@example.com on?")
    assert calls_of(result) == [("lookup_user", {"email": "dana@example.com"})]
    assert "pro" in result.final_output


class Contact(BaseModel):
    name: str
    email: str
    age: int | None = None
    priority: Literal["low", "medium", "high"]
    vip: bool


async def test_an_extraction_takes_a_full_name_an_email_a_number_an_option_and_a_flag() -> None:
    agent = Agent(name="Extract", instructions="Extract the contact.", output_type=Contact)
    result = await Runner.run(agent, "New customer: Dana Lee, dana@example.com, 34 years old. High priority, a VIP.")
    assert result.final_output == Contact(name="Dana Lee", email="dana@example.com", age=34, priority="high", vip=True)


async def test_remember_that_is_not_part_of_what_is_remembered() -> None:
    agent, session = Agent(name="Buddy", instructions="Be concise."), SQLiteSession("own")
    await Runner.run(agent, "Remember that my locker code is 4471.", session=session)
    result = await Runner.run(agent, "What's my locker code?", session=session)
    assert result.final_output == "You told me: your locker code is 4471."


async def test_a_triage_by_language_routes_a_message_that_does_not_name_its_language() -> None:
    spanish = Agent(name="Spanish agent", instructions="You only speak Spanish.")
    english = Agent(name="English agent", instructions="You only speak English.")
    triage = Agent(name="Triage", instructions="Handoff to the appropriate agent based on the language of the request.",
                   handoffs=[spanish, english])
    assert (await Runner.run(triage, "Hola, ¿cómo estás?")).last_agent.name == "Spanish agent"
    result = await Runner.run(triage, "Hello, how are you?")
    assert result.last_agent.name == "English agent" and result.final_output.startswith("Hello")


def test_a_summary_in_three_bullet_points_is_three_bullets() -> None:
    text = note("Summarize the conversation so far in 3 bullet points.")
    assert len(text.splitlines()) == 3 and all(line.startswith("- ") for line in text.splitlines()), text


def test_a_summary_asked_for_in_the_chat_in_two_sentences_is_two_sentences() -> None:
    body = {"model": "gpt-4.1", "input": [*CHAT, {"role": "user", "content": "Can you summarize our chat in two sentences?"}]}
    text = OfflineAPI().respond(body)["output"][-1]["content"][0]["text"]
    assert "\n" not in text and text.count(". ") == 1 and text.endswith("."), text


def test_sections_after_include_and_numbered_bold_names_with_a_dash() -> None:
    text = note("Create a running summary. Include: user goals, decisions made, open questions.")
    at = [text.find(name) for name in ("user goals", "decisions made", "open questions")]
    assert all(position >= 0 for position in at) and at == sorted(at), text
    text = note("Summarize the conversation using this structure:\n1. **User profile** – who the user is\n"
                "2. **Requests** – what they asked for\n")
    assert text.startswith("**User profile:**\n") and "Priya" in text, text  # bold, as the prompt writes it


def test_a_concise_summary_with_a_word_limit_is_a_summary() -> None:
    text = note("Write a concise summary (max 50 words) of the key facts the user shared.")
    assert "REF-55821" in text and not text.startswith("Good to hear"), text


class Homework(BaseModel):
    reasoning: str
    is_math_homework: bool


async def test_an_input_guardrail_in_the_sdks_shape_trips_on_homework_and_lets_the_rest_through() -> None:
    from agents import GuardrailFunctionOutput, InputGuardrailTripwireTriggered, input_guardrail

    checker = Agent(name="Guardrail check", instructions="Check if the user is asking you to do their math homework.",
                    output_type=Homework)

    @input_guardrail
    async def no_homework(context, agent, message):
        verdict = (await Runner.run(checker, message, context=context.context)).final_output
        return GuardrailFunctionOutput(output_info=verdict, tripwire_triggered=verdict.is_math_homework)

    support = Agent(name="Support", instructions="Help customers.", input_guardrails=[no_homework])
    assert (await Runner.run(support, "What's the capital of California?")).final_output
    with pytest.raises(InputGuardrailTripwireTriggered):
        await Runner.run(support, "Can you help me solve for x: 2x + 5 = 11?")


async def test_two_questions_in_one_message_are_answered_in_turn() -> None:
    agent, session = Agent(name="Coach", instructions="Be concise."), SQLiteSession("coach")
    for fact in ("I'm training for the Berlin marathon in September.", "My target time is 3:45."):
        await Runner.run(agent, fact, session=session)
    result = await Runner.run(agent, "When is my race and what's my goal time?", session=session)
    assert "September" in result.final_output and "3:45" in result.final_output


@function_tool
def create_config(project_name: str, version: str, dependencies: list[str]) -> str:
    """Create a project configuration."""
    return f"Config for {project_name} v{version} created"


async def test_a_quoted_name_a_version_after_its_name_and_a_listed_field_fill_a_config() -> None:
    agent = Agent(name="Coder", instructions="Use the tools to create configurations.", tools=[create_config])
    result = await Runner.run(agent, "Create a Python web project called 'my-app' with FastAPI. "
                                     "Version 1.0.0, dependencies: fastapi, uvicorn")
    assert calls_of(result) == [("create_config", {"project_name": "my-app", "version": "1.0.0",
                                                   "dependencies": ["fastapi", "uvicorn"]})]


class Weather(BaseModel):
    city: str
    conditions: str


@function_tool
def weather_model(city: str) -> Weather:
    """Get the weather for a city."""
    return Weather(city=city, conditions="Sunny with wind.")


async def test_a_tool_returning_a_pydantic_model_is_read_out_field_by_field() -> None:
    agent = Agent(name="Weather", instructions="Help.", tools=[weather_model])
    result = await Runner.run(agent, "What's the weather in Tokyo?")
    assert result.final_output == "weather_model returned city: Tokyo; conditions: Sunny with wind."


class Reply(BaseModel):
    response: str
    user_name: str | None


async def test_a_nullable_field_nothing_fills_is_null_and_a_request_gets_an_honest_sentence() -> None:
    agent = Agent(name="Writer", instructions="Reply to the user.", output_type=Reply)
    result = await Runner.run(agent, "Write a haiku about recursion.")
    assert result.final_output.user_name is None
    assert result.final_output.response.startswith("I can't do that")


def test_a_summary_request_with_markup_is_not_summarized_as_material() -> None:
    body = {"model": "gpt-4.1", "input": [*CHAT, {"role": "user", "content": "Please <b>summarize</b> our chat so far."}]}
    text = OfflineAPI().respond(body)["output"][-1]["content"][0]["text"]
    assert "REF-55821" in text and "summarize" not in text.lower(), text


async def test_a_how_to_question_about_ones_own_account_is_not_taken_for_something_forgotten() -> None:
    result = await Runner.run(Agent(name="Help", instructions="Help."), "How do I reset my API key?")
    assert result.final_output.startswith("I don't know") and "tell me again" not in result.final_output


async def test_two_places_said_earlier_do_not_make_two_calls_for_a_message_that_names_none() -> None:
    session = SQLiteSession("places")
    await Runner.run(Agent(name="Notes", instructions="Take notes."), "I flew from Paris to Oslo.", session=session)
    result = await Runner.run(HELPER, "What's the forecast there today?", session=session)
    assert [name for name, _ in calls_of(result)] == ["forecast"]


def test_a_length_rule_for_each_section_keeps_the_sections() -> None:
    text = note("Summarize the chat with the sections Customer, Request and Outcome. Keep each section to 2 sentences.")
    assert text.startswith("Customer:") and "Outcome:" in text, text


async def test_a_three_word_name_is_one_name() -> None:
    agent = Agent(name="Extract", instructions="Extract the contact.", output_type=Contact)
    result = await Runner.run(agent, "New contact: Mary Ann Smith, mary@example.com, low priority.")
    assert result.final_output.name == "Mary Ann Smith"


@function_tool
def get_price(ticker: str) -> str:
    """Get the latest stock price for a ticker."""
    return {"AAPL": "231.50 USD", "MSFT": "415.20 USD"}.get(ticker.upper(), "unknown ticker")


async def test_what_two_tickers_are_trading_at_calls_the_price_tool_once_for_each_and_says_which_is_which() -> None:
    agent = Agent(name="Broker", instructions="Answer questions about stocks.", tools=[get_price])
    result = await Runner.run(agent, "What are AAPL and MSFT trading at?")
    assert calls_of(result) == [("get_price", {"ticker": "AAPL"}), ("get_price", {"ticker": "MSFT"})]
    assert result.final_output == "The price for AAPL is 231.50 USD. The price for MSFT is 415.20 USD."


@function_tool
def create_reminder(text: str, date: str) -> str:
    """Create a reminder for the user on a date (YYYY-MM-DD)."""
    return f"Reminder set for {date}."


@function_tool
def order_status(order_id: str) -> dict[str, str]:
    """Look up the shipping status of one order by its id."""
    return {"order_id": order_id, "status": "shipped" if order_id.endswith("1") else "packed"}


ASSISTANT = Agent(name="Assistant", instructions="You are a helpful assistant. Use the tools.",
                  tools=[create_reminder, order_status])


async def test_remind_me_to_asks_for_an_action_so_the_tool_that_creates_is_called() -> None:
    """"Remind me to..." opens like a question ("Remind me what...") but asks the agent to act."""
    result = await Runner.run(ASSISTANT, "Remind me to call mom on 2027-05-01")
    [(name, arguments)] = calls_of(result)
    assert name == "create_reminder" and arguments["date"] == "2027-05-01" and "call mom" in arguments["text"]


async def test_two_ids_listed_after_the_parameters_name_call_the_tool_once_for_each() -> None:
    result = await Runner.run(ASSISTANT, "What is the status of orders A-1111 and A-2222?")
    assert calls_of(result) == [("order_status", {"order_id": "A-1111"}), ("order_status", {"order_id": "A-2222"})]
    assert "shipped" in result.final_output and "packed" in result.final_output


class Ticket(BaseModel):
    category: Literal["billing", "technical", "account"]
    urgent: bool
    summary: str


async def test_an_enum_option_and_a_flag_are_chosen_by_a_related_word_when_none_is_named() -> None:
    """"crashes" is a technical matter and "asap" is urgent; "charged" is billing and nothing is urgent."""
    triage = Agent(name="Triage", instructions="Classify the support request.", output_type=Ticket)
    crash = (await Runner.run(triage, "The app crashes every time I open settings, please fix asap!")).final_output
    charge = (await Runner.run(triage, "I was charged twice for my subscription.")).final_output
    assert (crash.category, crash.urgent, charge.category, charge.urgent) == ("technical", True, "billing", False)


@function_tool
def list_tasks() -> list[dict[str, str]]:
    """List the user's open tasks."""
    return [{"title": "Buy milk", "priority": "low"}, {"title": "File taxes", "priority": "high"}]


@function_tool
def search_docs(query: str) -> str:
    """Search the product documentation."""
    return "To reset your password, open Settings > Security > Reset password." if "password" in query else "No match."


async def test_a_question_about_the_users_own_list_calls_the_tool_that_lists_it() -> None:
    """"my to-do list" is the user's, but nothing in the conversation holds it: the tool does."""
    result = await Runner.run(Agent(name="Tasks", instructions="Help.", tools=[list_tasks]), "What's on my to-do list?")
    assert calls_of(result) == [("list_tasks", {})] and "File taxes" in result.final_output


async def test_a_how_to_question_no_tool_names_is_sent_to_the_tool_that_takes_a_query() -> None:
    agent = Agent(name="Docs", instructions="Answer from the documentation.", tools=[search_docs, add])
    result = await Runner.run(agent, "How do I reset my password?")
    assert calls_of(result) == [("search_docs", {"query": "How do I reset my password?"})]
    assert "Settings > Security" in result.final_output


class CalendarEvent(BaseModel):
    name: str
    date: str
    participants: list[str]


class Sentiment(BaseModel):
    sentiment: Literal["positive", "negative", "neutral"]


class Invoice(BaseModel):
    invoice_number: str
    total: float
    currency: Literal["USD", "EUR", "GBP"]
    paid: bool


async def test_extractions_read_a_weekday_an_amount_with_thousands_its_currency_sign_and_a_feeling() -> None:
    """The extraction examples people try first: a day named, "€1,250.00", "the worst service"."""
    def extractor(output_type):
        return Agent(name="Extractor", instructions="Extract the information.", output_type=output_type)

    event = (await Runner.run(extractor(CalendarEvent), "Alice and Bob are going to a science fair on Friday.")).final_output
    assert event.date == "Friday" and event.participants == ["Alice", "Bob"]
    invoice = (await Runner.run(extractor(Invoice), "Invoice INV-2024-001 for €1,250.00 has been paid in full.")).final_output
    assert invoice == Invoice(invoice_number="INV-2024-001", total=1250.0, currency="EUR", paid=True)
    moods = [(await Runner.run(extractor(Sentiment), text)).final_output.sentiment
             for text in ("I absolutely love this product, it works great!", "This is the worst service I ever had.")]
    assert moods == ["positive", "negative"]


@function_tool
def random_number(max: int) -> int:
    """Generate a random number from 0 to max."""
    return 37


class FinalResult(BaseModel):
    number: int


async def test_a_range_is_one_call_with_its_top_as_max_and_the_final_number_comes_from_the_tool() -> None:
    """The SDK's lifecycle example: "between 0 and 250" is one call, max=250; the structured answer is 37."""
    agent = Agent(name="Start", instructions="Generate a random number.", tools=[random_number], output_type=FinalResult)
    result = await Runner.run(agent, "Generate a random number between 0 and 250.")
    assert calls_of(result) == [("random_number", {"max": 250})] and result.final_output == FinalResult(number=37)


async def test_instructions_offering_one_word_answers_get_one_of_them_chosen_by_the_words_said() -> None:
    classifier = Agent(name="Classifier", instructions="Reply with one word: positive, negative or neutral.")
    answers = [(await Runner.run(classifier, text)).final_output
               for text in ("I love this phone!", "This is the worst service I ever had.")]
    assert answers == ["positive", "negative"]


async def test_instructions_to_make_something_of_the_message_get_an_honest_cannot_not_a_noted() -> None:
    """The SDK's deterministic-flow example: the message is material for a task, not news to acknowledge."""
    outliner = Agent(name="Outliner", instructions="Generate a very short story outline based on the user's input.")
    answer = (await Runner.run(outliner, "A robot who learns to paint on Mars")).final_output
    assert answer.startswith("I can't") and "Noted" not in answer


async def test_a_fact_stated_in_plain_instructions_answers_the_question_that_asks_for_it() -> None:
    desk = Agent(name="Front desk", instructions="Check-out is at 11am. Breakfast is served until 10:30 in the lobby. "
                                                 "Be polite and brief.")
    checkout = await Runner.run(desk, "When is check-out?")
    breakfast = await Runner.run(desk, "Until when can I get breakfast?")
    order = await Runner.run(desk, "Are you polite?")
    assert checkout.final_output == "Check-out is at 11am."
    assert breakfast.final_output == "Breakfast is served until 10:30 in the lobby."
    assert "polite" not in order.final_output  # an order to the model is not a fact to tell


async def test_after_a_handoff_the_specialist_answers_the_user_not_the_handoffs_own_output() -> None:
    support = Agent(name="Account desk", handoff_description="Account questions: login, password, profile.",
                    instructions="You help with accounts.")
    triage = Agent(name="Router", instructions="Send the user to the right desk.", handoffs=[support])
    result = await Runner.run(triage, "Could you help me with my password?")
    assert result.last_agent is support
    assert result.final_output == "I can try: what would you like me to do about your password?"


async def test_a_triage_desk_routes_by_related_words_when_no_word_of_the_description_is_said() -> None:
    shipping = Agent(name="Delivery desk", handoff_description="Tracks shipments and courier delays.",
                     instructions="You track parcels.")
    billing = Agent(name="Billing desk", handoff_description="Invoices, refunds and card charges.",
                    instructions="You handle money.")
    triage = Agent(name="Router", instructions="Send the user to the right desk.", handoffs=[billing, shipping])
    result = await Runner.run(triage, "My package still hasn't arrived.")
    assert result.last_agent is shipping


async def test_one_word_options_fall_back_to_the_neutral_one_when_no_word_leans_either_way() -> None:
    rater = Agent(name="Rater", instructions="Answer with one word: positive, negative or neutral.")
    assert (await Runner.run(rater, "The train left at nine.")).final_output == "neutral"
    assert (await Runner.run(rater, "The soup was cold and the staff were rude.")).final_output == "negative"


async def test_a_correction_said_after_a_fact_is_given_back_with_it() -> None:
    agent, session = Agent(name="Assistant", instructions="Be helpful."), SQLiteSession("correction")
    for text in ("My dentist appointment is on Monday.", "Sorry, it was moved to Wednesday."):
        await Runner.run(agent, text, session=session)
    answer = (await Runner.run(agent, "When is my dentist appointment?", session=session)).final_output
    assert "Monday" in answer and answer.index("Wednesday") > answer.index("Monday")


async def test_a_question_naming_an_identifier_is_not_answered_by_what_was_said_of_another() -> None:
    @function_tool
    def parcel_status(parcel_id: str) -> str:
        """Where a parcel is, by its id."""
        return f"{parcel_id}: out for delivery"

    agent, session = Agent(name="Parcels", instructions="Help with parcels.", tools=[parcel_status]), SQLiteSession("p")
    await Runner.run(agent, "Parcel PX-1001 was delivered yesterday.", session=session)
    result = await Runner.run(agent, "Is parcel PX-2002 delivered?", session=session)
    assert calls_of(result) == [("parcel_status", {"parcel_id": "PX-2002"})]


async def test_instructions_asking_for_only_a_number_get_the_tools_number_alone() -> None:
    @function_tool
    def area(width: float, height: float) -> str:
        """The area of a rectangle."""
        return f"The area is {width * height} square metres."

    agent = Agent(name="Geometry", instructions="Answer with just the number.", tools=[area])
    assert (await Runner.run(agent, "What is the area of a 3 by 4.5 rectangle?")).final_output == "13.5"


async def test_an_agent_told_to_use_its_one_tool_uses_it_on_what_it_is_given() -> None:
    @function_tool
    def shout(text: str) -> str:
        """Upper-case a text."""
        return text.upper()

    loud = Agent(name="Loud", instructions="Pass the text you get to shout and give back its result.", tools=[shout])
    result = await Runner.run(loud, "quiet little words")
    assert calls_of(result) == [("shout", {"text": "quiet little words"})]
    assert "QUIET LITTLE WORDS" in result.final_output


async def test_two_requests_in_one_message_give_each_tool_the_values_of_its_own_clause() -> None:
    @function_tool
    def book_table(restaurant: str, people: int) -> str:
        """Book a table at a restaurant for a number of people."""
        return f"table at {restaurant} for {people}"

    @function_tool
    def forecast_for(city: str) -> str:
        """The weather forecast for a city."""
        return f"{city}: dry"

    agent = Agent(name="Concierge", instructions="Use your tools.", tools=[book_table, forecast_for])
    result = await Runner.run(agent, "Book a table at Luigi's for 4 people, and also give me the forecast for Turin.")
    assert sorted(calls_of(result), key=str) == [("book_table", {"restaurant": "Luigi's", "people": 4}),
                                                 ("forecast_for", {"city": "Turin"})]


@function_tool
def exchange_money(amount: float, from_currency: str, to_currency: str) -> str:
    """Exchange an amount of money from one currency to another."""
    return f"{amount} {from_currency} is {amount * 2} {to_currency}"


async def test_currencies_said_as_words_or_codes_fill_from_and_to_with_iso_codes_in_the_order_said() -> None:
    agent = Agent(name="Money", instructions="Use your tool.", tools=[exchange_money])
    result = await Runner.run(agent, "Change 15 pounds into euros, please.")
    assert calls_of(result) == [("exchange_money", {"amount": 15, "from_currency": "GBP", "to_currency": "EUR"})]
    result = await Runner.run(agent, "How much is 250 CHF in yen?")
    assert calls_of(result) == [("exchange_money", {"amount": 250, "from_currency": "CHF", "to_currency": "JPY"})]
    text = {"type": "string"}
    tool = {"type": "function", "name": "fx", "description": "Convert money.", "parameters": {
        "type": "object", "properties": {"value": {"type": "number"}, "from": text, "to": text},
        "required": ["value", "from", "to"]}}
    output = OfflineAPI().respond({"model": "gpt-4.1", "tools": [tool], "input": "Convert 99 dollars to GBP."})["output"]
    assert json.loads(output[0]["arguments"]) == {"value": 99, "from": "USD", "to": "GBP"}


class PostalAddress(BaseModel):
    street: str
    city: str
    postcode: str


@function_tool
def register_customer(full_name: str, address: PostalAddress) -> str:
    """Register a new customer with their postal address."""
    return f"{full_name} registered at {address.street}."


async def test_a_nested_address_object_takes_the_street_city_and_postcode_the_user_wrote() -> None:
    agent = Agent(name="Desk", instructions="Register customers.", tools=[register_customer])
    result = await Runner.run(agent, "Please register customer Tom Berg, 48 Elm Road, Leeds, LS6 2AB.")
    assert calls_of(result) == [("register_customer", {"full_name": "Tom Berg", "address": {
        "street": "48 Elm Road", "city": "Leeds", "postcode": "LS6 2AB"}})]
    result = await Runner.run(agent, "Register Ana Ortiz: 221 Maple Avenue, Springfield 62704")
    assert calls_of(result)[0][1]["address"] == {"street": "221 Maple Avenue", "city": "Springfield", "postcode": "62704"}


@function_tool
def word_count(text: str) -> int:
    """Count the words of a text."""
    return len(text.split())


async def test_a_text_marked_by_a_colon_is_what_a_text_parameter_gets_not_the_request_around_it() -> None:
    agent = Agent(name="Counter", instructions="Use your tool.", tools=[word_count])
    result = await Runner.run(agent, "Count the words of this sentence: I like green tea")
    assert calls_of(result) == [("word_count", {"text": "I like green tea"})] and "4" in result.final_output
    result = await Runner.run(agent, "Please count the words in 'one two three'.")
    assert calls_of(result) == [("word_count", {"text": "one two three"})]


async def test_simple_arithmetic_written_in_a_question_is_worked_out_without_a_tool_and_a_date_is_not_a_sum() -> None:
    agent = Agent(name="Plain", instructions="Be brief.")
    assert (await Runner.run(agent, "What is (12 + 8) / 4?")).final_output == "(12 + 8) / 4 = 5."
    assert (await Runner.run(agent, "How much is 20% of 150?")).final_output == "20% of 150 = 30."
    assert (await Runner.run(agent, "What happened on 2025-01-17?")).final_output.startswith("I don't know")



async def test_instructions_to_answer_in_another_language_get_the_answer_and_one_sentence_saying_english_only() -> None:
    agent = Agent(name="Guide", instructions="You are a travel guide. Reply in German at all times.", tools=[forecast])
    answer = (await Runner.run(agent, "What's the weather like in Paris today?")).final_output
    assert answer.startswith("The forecast for Paris is sunny, 21°C.") and "English" in answer
    assert answer.count(".") <= 2, answer  # one short sentence more
    plain = Agent(name="Guide", instructions="You are a travel guide.", tools=[forecast])
    assert "English" not in (await Runner.run(plain, "What's the weather like in Paris today?")).final_output


@function_tool
def museum_hours(city: str) -> str:
    """When the museums of a city open and close."""
    return f"Museums in {city}: 09:00-18:00"


async def test_each_question_of_a_message_calls_its_own_tool_with_its_own_place() -> None:
    agent = Agent(name="Guide", instructions="Answer with the tools.", tools=[forecast, museum_hours])
    result = await Runner.run(agent, "What's the forecast in Oslo and when do the museums open in Paris?")
    assert sorted(calls_of(result)) == [("forecast", {"city": "Oslo"}), ("museum_hours", {"city": "Paris"})]


@function_tool
def find_customer(email: str) -> str:
    """Find a customer account by its email address."""
    return json.dumps({"customer_id": "C-4410", "plan": "monthly"})


@function_tool
def cancel_subscription(customer_id: str) -> str:
    """Cancel the subscription of a customer account."""
    return f"Subscription of {customer_id} cancelled."


async def test_a_value_a_first_tool_returns_feeds_the_next_tool_the_message_asks_for() -> None:
    agent = Agent(name="Accounts", instructions="You manage accounts.", tools=[find_customer, cancel_subscription])
    result = await Runner.run(agent, "Find the customer ana@shop.io, then cancel their subscription.")
    assert calls_of(result) == [("find_customer", {"email": "ana@shop.io"}),
                                ("cancel_subscription", {"customer_id": "C-4410"})]
    assert "C-4410 cancelled" in result.final_output


async def test_without_parallel_tool_calls_each_response_makes_one_call_until_all_are_made() -> None:
    agent = Agent(name="Weather", instructions="Use the tool.", tools=[forecast],
                  model_settings=ModelSettings(parallel_tool_calls=False))
    result = await Runner.run(agent, "What's the weather in Paris and in Oslo?")
    assert calls_of(result) == [("forecast", {"city": "Paris"}), ("forecast", {"city": "Oslo"})]
    made = [sum(item.type == "function_call" for item in response.output) for response in result.raw_responses]
    assert made == [1, 1, 0]
    assert "sunny" in result.final_output and "rain" in result.final_output


@function_tool
def adjust_climate(mode: Literal["heat", "cool", "off"], target: int) -> str:
    """Control the home's heating and air conditioning."""
    return f"{mode} to {target}"


@function_tool
def dictionary(term: str) -> str:
    """Give the definition of a term."""
    return f"{term}: using few words"


@function_tool
def remove_from_cart(item: str) -> str:
    """Take an item out of the shopping cart."""
    return f"{item} removed"


@pytest.mark.parametrize(("tool", "message", "expected"), [
    (adjust_climate, "Too warm here: cool it down to 19 degrees.", {"mode": "cool", "target": 19}),
    (dictionary, "What does 'laconic' mean?", {"term": "laconic"}),
    (remove_from_cart, "Remove the garden hose from my cart, please.", {"item": "garden hose"}),
])
async def test_a_tool_the_message_describes_without_its_name_is_called_with_what_the_message_gives(
        tool, message, expected) -> None:
    result = await Runner.run(Agent(name="Home", instructions="Help the user.", tools=[tool]), message)
    assert calls_of(result) == [(tool.name, expected)]


@function_tool
def get_invoice(number: str) -> str:
    """Fetch an invoice by its number."""
    raise ConnectionError("billing service unreachable")


async def test_a_tool_that_fails_is_reported_as_a_failure_not_as_a_result() -> None:
    result = await Runner.run(Agent(name="Billing", instructions="Help.", tools=[get_invoice]), "Fetch invoice INV-2231.")
    assert calls_of(result) == [("get_invoice", {"number": "INV-2231"})]
    assert result.final_output.startswith("I couldn't complete get_invoice"), result.final_output


@function_tool
def open_ticket(title: str, details: str) -> str:
    """Open a support ticket."""
    return f"Ticket opened: {title}"


async def test_a_quoted_value_after_a_parameters_name_is_the_whole_value() -> None:
    agent = Agent(name="Desk", instructions="Help the user.", tools=[open_ticket])
    result = await Runner.run(agent, 'Open a ticket with title "Printer jam" and details "Paper stuck in tray 2, again".')
    assert calls_of(result) == [("open_ticket", {"title": "Printer jam", "details": "Paper stuck in tray 2, again"})]


def test_an_agent_told_it_writes_something_says_it_cannot_rather_than_noting_the_topic() -> None:
    writer = OfflineAPI().respond({"model": "gpt-4.1", "instructions": "You write limericks about the user's topic.",
                                   "input": "A cat who loves jazz."})
    assert writer["output"][-1]["content"][0]["text"].startswith("I can't")
    helper = OfflineAPI().respond({"model": "gpt-4.1", "instructions": "You are a helpful assistant.",
                                   "input": "A cat who loves jazz."})
    assert helper["output"][-1]["content"][0]["text"].startswith("Noted")
