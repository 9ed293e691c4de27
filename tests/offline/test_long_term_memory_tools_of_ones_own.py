"""A learner's own long-term memory tools beside the session's short-term memory: a fact the user tells ("Remember
that...", "Don't forget...", or as the instructions ask "save it with save_memory") is saved without its lead-in; a
question searches or recalls, never saves; "Forget that..." deletes; a preference tool of a key and a value gets
both ("Set my units to metric"); a setting the message never names keeps its default; a saved fact is said done."""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner, function_tool

pytestmark = pytest.mark.usefixtures("api")

SAVED: list[dict] = []


@function_tool
def save_memory(fact: str, category: str = "general") -> str:
    """Save a long-term fact about the user so it can be recalled in later conversations."""
    SAVED.append({"fact": fact, "category": category})
    return f"Saved: {fact}"


@function_tool
def search_memories(query: str) -> str:
    """Search saved long-term memories about the user."""
    return json.dumps([m["fact"] for m in SAVED if set(query.lower().split()) & set(m["fact"].lower().split())])


@function_tool
def delete_memory(fact: str) -> str:
    """Forget a saved fact."""
    return "deleted"


@function_tool
def remember(content: str) -> str:
    """Store something the user wants remembered across sessions."""
    return "stored"


@function_tool
def recall(topic: str) -> str:
    """Recall stored notes about a topic."""
    return "Notes: prefers window seats; vegetarian."


@function_tool
def set_user_preference(key: str, value: str) -> str:
    """Store one user preference as a key and a value."""
    return f"{key} = {value}"


@function_tool
def update_customer_profile(customer_id: str, email: str) -> str:
    """Change a customer's email address on their profile."""
    return "ok"


@function_tool
def lookup_order(order_id: str) -> str:
    """Look up an order."""
    return "shipped"


@function_tool
def search_recipes(query: str, cuisine: str = "any", max_results: int = 5) -> str:
    """Search recipes."""
    return "[]"


KEEPER = Agent(name="Keeper", instructions="You are a personal assistant with long-term memory. When the user shares a "
               "lasting preference or fact about themselves, save it with save_memory. Before answering questions "
               "about the user, search your memories.", tools=[save_memory, search_memories, delete_memory])
TRAVEL = Agent(name="Travel", instructions="You are a travel assistant. Use your tools to store and recall what the "
               "traveller tells you.", tools=[remember, recall])
PREFS = Agent(name="Prefs", instructions="Keep the user's preferences up to date.", tools=[set_user_preference])


def called(result) -> list[tuple[str, dict]]:
    return [(item.raw_item.name, json.loads(item.raw_item.arguments)) for item in result.new_items
            if item.type == "tool_call_item"]


@pytest.mark.parametrize("message, fact", [
    ("Remember that my favourite colour is green.", "My favourite colour is green"),
    ("Please remember that my sister's name is Ines.", "My sister's name is Ines"),
    ("I'm allergic to shellfish, please keep that in mind.", "I'm allergic to shellfish"),
    ("I live in Lyon and work as a nurse.", "I live in Lyon and work as a nurse."),
])
async def test_a_fact_told_is_saved_without_its_lead_in_and_its_category_keeps_its_default(message, fact) -> None:
    assert called(await Runner.run(KEEPER, message)) == [("save_memory", {"fact": fact, "category": "general"})]


@pytest.mark.parametrize("message", ["Where do I live?", "What do you know about me?", "What's my favourite colour?"])
async def test_a_question_about_the_user_searches_the_memories_and_saves_nothing(message) -> None:
    assert [name for name, _ in called(await Runner.run(KEEPER, message))] == ["search_memories"]


async def test_forget_that_deletes_the_fact() -> None:
    assert called(await Runner.run(KEEPER, "Forget that I live in Lyon.")) == [("delete_memory", {"fact": "I live in Lyon"})]


async def test_one_memory_found_is_one_memory_and_a_fact_ends_once() -> None:
    SAVED[:] = [{"fact": "I live in Lyon and work as a nurse.", "category": "general"}]
    answer = (await Runner.run(KEEPER, "Where do I live?")).final_output
    assert answer == "I found 1 memory: I live in Lyon and work as a nurse.", answer


@pytest.mark.parametrize("message, content", [("Don't forget I'm vegetarian.", "I'm vegetarian"),
                                              ("Note that my passport expires in March 2027.",
                                               "My passport expires in March 2027")])
async def test_a_remember_tool_keeps_the_fact_and_its_stored_is_said_done(message, content) -> None:
    result = await Runner.run(TRAVEL, message)
    assert called(result) == [("remember", {"content": content})]
    assert result.final_output.startswith("Done") and "returned" not in result.final_output, result.final_output


async def test_what_do_you_remember_recalls_by_its_topic() -> None:
    result = await Runner.run(TRAVEL, "What do you remember about my seating?")
    assert called(result) == [("recall", {"topic": "seating"})] and "window seats" in result.final_output


@pytest.mark.parametrize("message, key, value", [
    ("My preferred language is Portuguese.", "preferred language", "Portuguese"),
    ("Set my units to metric.", "units", "metric"),
    ("I like my reports in PDF format.", "reports", "PDF format"),
])
async def test_a_preference_of_a_key_and_a_value_gets_both(message, key, value) -> None:
    assert called(await Runner.run(PREFS, message)) == [("set_user_preference", {"key": key, "value": value})]


async def test_an_order_no_tool_carries_out_is_refused_but_a_contact_preference_is_not() -> None:
    assert (await Runner.run(TRAVEL, "Book me a flight to Oslo")).final_output.startswith("I can't do that")
    assert not (await Runner.run(TRAVEL, "Text me if anything changes, I don't pick up calls")).final_output.startswith(
        "I can't")


async def test_a_profile_tool_that_takes_no_fact_is_not_called_for_news() -> None:
    desk = Agent(name="Desk", instructions="You help customers.", tools=[update_customer_profile, lookup_order])
    assert called(await Runner.run(desk, "My laptop is broken and I'm fed up.")) == []


async def test_a_default_the_message_never_names_stays() -> None:
    chef = Agent(name="Chef", instructions="You find recipes.", tools=[search_recipes])
    assert called(await Runner.run(chef, "Find me a quick pasta recipe"))[0][1]["cuisine"] == "any"
