"""Instructions that put tools in order, and a result that leads to the next call.

"Search the docs first; open a ticket only for bugs or outages": a fault the user reports is searched, then a ticket is
opened for it (a question is answered by the search alone). "Always verify the customer with verify_identity before
changing anything", "Book only after checking availability": the earlier tool is called first, the one the message
asks for once it has returned, and not when the result says no. Agents, tools and sentences are our own.
"""

from __future__ import annotations

import asyncio
from typing import Literal

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool

pytestmark = pytest.mark.usefixtures("api")


def run(agent: Agent, message: str) -> list[tuple[str, str]]:
    """The calls made for ``message``, in the order the model made them (one response after another)."""
    result = asyncio.run(Runner.run(agent, message, session=SQLiteSession(f"{agent.name}-{message}")))
    return [(item.raw_item.name, item.raw_item.arguments) for item in result.new_items if item.type == "tool_call_item"]


def support_desk(instructions: str, search: str, opens: str) -> Agent:
    @function_tool(name_override=search)
    def search_tool(query: str) -> str:
        """Search the help center articles.

        Args:
            query: What to search for.
        """
        return "Exports: Settings > Data > Export CSV."

    @function_tool(name_override=opens)
    def open_tool(subject: str, description: str, priority: Literal["low", "normal", "high", "urgent"]) -> str:
        """Open a case with the engineering team.

        Args:
            subject: Short title of the problem.
            description: What the user reported.
            priority: How urgent it is.
        """
        return "Case 4410 opened."

    return Agent(name=f"{search}-{opens}", instructions=instructions, tools=[search_tool, open_tool])


def test_a_fault_the_search_does_not_fix_opens_a_ticket_and_a_question_does_not() -> None:
    agent = support_desk("You support users of Tallyflow, a bookkeeping SaaS. Search the docs first; open a ticket only "
                         "for bugs or outages.", "search_docs", "create_ticket")
    calls = run(agent, "The export button does nothing since this morning, and our month-end close is today!")
    assert [name for name, _ in calls] == ["search_docs", "create_ticket"]
    assert "export button does nothing" in calls[1][1]
    assert [name for name, _ in run(agent, "How do I export?")] == ["search_docs"]


def test_a_manual_looked_up_before_a_defect_is_filed() -> None:
    agent = support_desk("You help owners of the Quillpad tablet. Look it up in the manual first, and file a defect "
                         "only if the manual doesn't solve it.", "search_manual", "file_defect")
    assert [name for name, _ in run(agent, "The pen stopped writing after the latest update.")] == [
        "search_manual", "file_defect"]
    assert [name for name, _ in run(agent, "How do I pair the pen?")] == ["search_manual"]


def order_desk(instructions: str, first: str, answer: str, then: str) -> Agent:
    @function_tool(name_override=first)
    def first_tool(customer_id: str, date_of_birth: str) -> str:
        """Check a customer's identity.

        Args:
            customer_id: The customer number.
            date_of_birth: Date of birth, YYYY-MM-DD.
        """
        return answer

    @function_tool(name_override=then)
    def then_tool(customer_id: str, new_address: str) -> str:
        """Change the postal address on file.

        Args:
            customer_id: The customer number.
            new_address: The new address.
        """
        return "Address updated."

    return Agent(name=f"{first}-{then}-{answer}", instructions=instructions, tools=[first_tool, then_tool])


@pytest.mark.parametrize("instructions, first, then", [
    ("You are Fernbank's assistant. Always verify the customer with verify_identity before changing anything.",
     "verify_identity", "update_address"),
    ("You keep the member records of Oakridge Library. Move an address only after confirming the member.",
     "confirm_member", "move_address"),
])
def test_the_step_the_instructions_put_first_is_called_first(instructions: str, first: str, then: str) -> None:
    message = "I'm customer 55120, born 1984-03-09. Please change my address to 12 Elm Road, Leeds."
    calls = run(order_desk(instructions, first, '{"verified": true}', then), message)
    assert [name for name, _ in calls] == [first, then]
    assert [name for name, _ in run(order_desk(instructions, first, '{"verified": false}', then), message)] == [first]


def stay_desk(instructions: str, free: bool) -> Agent:
    @function_tool
    def check_availability(check_in: str, nights: int) -> str:
        """Whether rooms are free.

        Args:
            check_in: The first night, YYYY-MM-DD.
            nights: How many nights.
        """
        return f'{{"available": {str(free).lower()}, "rate": 140}}'

    @function_tool
    def book_room(guest_name: str, check_in: str, nights: int) -> str:
        """Book a room.

        Args:
            guest_name: Who stays.
            check_in: The first night, YYYY-MM-DD.
            nights: How many nights.
        """
        return "Booking SI-4410 confirmed."

    return Agent(name=f"stay-{free}", instructions=instructions, tools=[check_availability, book_room])


@pytest.mark.parametrize("instructions", ["You book rooms for Saltmarsh Inn. Check availability before booking.",
                                          "You run the front desk of a B&B. First check availability, then book."])
def test_a_booking_waits_for_the_availability_it_is_told_to_check(instructions: str) -> None:
    message = "Book a room for Mara Quist from 2026-12-18 for 3 nights."
    assert [name for name, _ in run(stay_desk(instructions, True), message)] == ["check_availability", "book_room"]
    assert [name for name, _ in run(stay_desk(instructions, False), message)] == ["check_availability"]


@pytest.mark.parametrize("opens, first, thanks", [
    ("open_ticket", "Please open a ticket: label printing fails with error 500 for all our users.", "Thanks!"),
    ("log_repair", "Log a repair please: the boiler in flat 4 leaks at night.", "Cheers, that's great."),
])
def test_thanks_after_a_ticket_opens_no_other(opens: str, first: str, thanks: str) -> None:
    agent = support_desk("You are the support bot for Parcelio. Open a ticket for bugs or outages.", "help_search", opens)
    session = SQLiteSession(f"thanks-{opens}")
    opened = asyncio.run(Runner.run(agent, first, session=session))
    assert [item.raw_item.name for item in opened.new_items if item.type == "tool_call_item"] == [opens]
    result = asyncio.run(Runner.run(agent, thanks, session=session))
    assert [item for item in result.new_items if item.type == "tool_call_item"] == []


def named_by_description(instructions: str, lookup: str, described: str, raise_: str) -> Agent:
    @function_tool(name_override=lookup, description_override=described)
    def lookup_tool(question: str) -> str:
        return "Reinstall the client from the portal."

    @function_tool(name_override=raise_)
    def raise_tool(title: str, details: str) -> str:
        """Open an incident for the support staff.

        Args:
            title: Short title.
            details: What happened.
        """
        return "Incident 7781 opened."

    return Agent(name=f"{lookup}-{raise_}", instructions=instructions, tools=[lookup_tool, raise_tool])


@pytest.mark.parametrize("instructions, lookup, described, raise_, fault", [
    ("You are the IT helpdesk for Brightmoor College. Check the knowledge base first; if it doesn't solve the problem, "
     "open an incident.", "kb_lookup", "Look up IT knowledge base articles.", "open_incident",
     "The VPN keeps disconnecting every ten minutes and I already reinstalled the client."),
    ("You answer staff of Harlow & Co. Consult the policy library first, and raise a case only for errors.",
     "find_policy", "Find pages of the HR policy library.", "raise_case", "My payslip shows the wrong tax code again."),
])
def test_a_first_step_named_by_its_description_comes_before_the_case(instructions, lookup, described, raise_, fault):
    agent = named_by_description(instructions, lookup, described, raise_)
    assert [name for name, _ in run(agent, fault)] == [lookup, raise_]
    assert [name for name, _ in run(agent, "How do I install the VPN client?")] == [lookup]
