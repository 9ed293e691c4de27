"""Instructions that decide what happens to a number a tool returned, desks that send back what is not theirs, and a
lead-in that picks the agents.

"If it's odd, hand off to the multiply agent", "If the total is over 100, hand off to approvals": the condition is
checked against the number this turn's tool returned, and the desk it names gets the conversation. A desk whose
instructions say what to do with the number ("Multiply the number by 2") does it with its tool when one is named
by that verb, else works it out itself. "In Spanish and French: how do you say hi?" sends the question to each
language agent. A desk told of a problem none of its instructions or tools speak of ("my wifi keeps dropping" at
billing) hands it back to the desk that routes, which sends it on. Agents, tools and numbers are our own.
"""

from __future__ import annotations

import asyncio

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


class Amount(BaseModel):
    value: float


def total_tool(total: float):
    @function_tool
    def get_cart_total(cart_id: str) -> str:
        """The total of a shopping cart, in euros.

        Args:
            cart_id: The cart, such as C-1.
        """
        return str(total)
    return get_cart_total


def run(total: float, desk_instructions: str = "Tell the user their order needs a manager's approval.",
        tools: list | None = None, output_type=None):
    approvals = Agent(name="Approvals", instructions=desk_instructions, tools=tools or [], output_type=output_type)
    checkout = Agent(name="Checkout", tools=[total_tool(total)], handoffs=[approvals],
                     instructions="Look up the cart total. If it is over 100, hand off to the approvals agent.")
    return asyncio.run(Runner.run(checkout, "Please check out cart C-7."))


def calls(result) -> list[str]:
    return [item.raw_item.name for item in result.new_items if item.type in ("tool_call_item", "handoff_call_item")]


def test_a_condition_met_by_the_result_hands_off_to_the_desk_it_names() -> None:
    result = run(250)
    assert calls(result) == ["get_cart_total", "transfer_to_approvals"]
    assert result.last_agent.name == "Approvals"


def test_a_condition_not_met_keeps_the_conversation() -> None:
    result = run(40)
    assert calls(result) == ["get_cart_total"] and result.last_agent.name == "Checkout"


def test_the_desk_does_its_job_with_the_tool_its_verb_names() -> None:
    @function_tool
    def discount_price(amount: float) -> str:
        """Apply the 10% loyalty discount to an amount."""
        return str(round(amount * 0.9, 2))
    result = run(250, "Discount the value with the loyalty tool, then give the result.", [discount_price], Amount)
    assert calls(result)[-1] == "discount_price" and result.final_output.value == 225


@pytest.mark.parametrize(("instructions", "expected"), [
    ("Add 15 to the value, then return the result.", 265), ("Double the number and return it.", 500),
    ("Divide the value by 4 and return the result.", 62.5)])
def test_the_desk_works_out_what_its_instructions_say_with_no_tool(instructions: str, expected: float) -> None:
    assert run(250, instructions, output_type=Amount).final_output.value == expected


def test_a_lead_in_that_names_the_agents_sends_each_the_question() -> None:
    def agent_tool(language: str):
        return Agent(name=language, instructions=f"You answer in {language}.").as_tool(
            tool_name=f"ask_{language.lower()}", tool_description=f"Answer the question in {language}")
    host = Agent(name="Host", instructions="Call each language tool the user asks for.",
                 tools=[agent_tool("German"), agent_tool("Italian")])
    result = asyncio.run(Runner.run(host, "Reply in German and in Italian: where is the train station?"))
    sent = {item.raw_item.name: item.raw_item.arguments for item in result.new_items if item.type == "tool_call_item"}
    assert set(sent) == {"ask_german", "ask_italian"}
    assert all("where is the train station?" in arguments for arguments in sent.values()), sent



def desks(billing_words: str, tech_words: str, tech_tool):
    billing = Agent(name="Billing", handoff_description=billing_words, instructions=f"You handle {billing_words}.")
    tech = Agent(name="Tech", handoff_description=tech_words, instructions=f"You fix {tech_words}.", tools=[tech_tool])
    triage = Agent(name="Front desk", instructions="Route the customer to the right desk.", handoffs=[billing, tech])
    billing.handoffs, tech.handoffs = [triage], [triage]
    return triage


@function_tool
def reset_router(serial: str) -> str:
    """Remotely reset a router by its serial."""
    return "Router reset started."


@function_tool
def open_it_ticket(asset_tag: str) -> str:
    """Open a ticket for the IT team about a broken device, by its asset tag."""
    return "IT ticket IT-88 opened."


@pytest.mark.parametrize(("first", "then", "triage", "tool"), [
    ("Why is invoice INV-7781 so high?", "Also my wifi keeps dropping, router serial RT-5521.",
     desks("invoices, payments and refunds", "internet, router and wifi problems", reset_router), "reset_router"),
    ("Where is my payslip for March?", "My laptop screen is cracked, asset tag LT-0042.",
     desks("payroll, payslips and salaries", "laptops, phones and broken devices", open_it_ticket), "open_it_ticket"),
])
def test_a_desk_sends_a_problem_none_of_its_words_speak_of_back_to_the_desk_that_routes(first, then, triage,
                                                                                         tool) -> None:
    async def run():
        session = SQLiteSession("desks")
        result = await Runner.run(triage, first, session=session)
        assert result.last_agent.name == "Billing"
        return await Runner.run(result.last_agent, then, session=session)
    result = asyncio.run(run())
    made = [item.raw_item.name for item in result.new_items if item.type in ("tool_call_item", "handoff_call_item")]
    assert made == ["transfer_to_front_desk", "transfer_to_tech", tool] and result.last_agent.name == "Tech"
