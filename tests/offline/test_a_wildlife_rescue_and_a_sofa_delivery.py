"""A tool's fields take what the message says of each (the animal after "a", the place it was found, a street with its
number, an ordinal floor, a lift that is broken), a question never calls a tool that changes things, and a question of
two parts is answered part by part.

An outside tester's wildlife-rescue and sofa-delivery agents. "I've brought in a hedgehog weighing 420 grams, found at
Elm Park. It has a cut on its leg and is wheezing and limping." was admitted as species "Elm", found at "Park", not
injured; "41 Canal Street ... a third-floor flat and the lift is broken" gave line1 "Canal Street", floor 0 and a lift
available. "Which animals are in care at the moment?" admitted an animal called "care"; "What's the delivery fee, and
will there be two people?" arranged the delivery again, to an address "fee".
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession, function_tool
from pydantic import BaseModel, Field

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


@function_tool
def admit_animal(species: str, weight_g: int, injured: bool, found_at: str, symptoms: list[str]) -> dict:
    """Admit a wild animal to the rescue centre."""
    return {"case": "WR-0917", "pen": "B4", "vet_check": "today 16:00"}


@function_tool
def list_patients() -> list:
    """List the animals in care at the moment."""
    return [{"case": "WR-0901", "species": "hedgehog"}, {"case": "WR-0908", "species": "tawny owl"}]


class Address(BaseModel):
    line1: str = Field(description="house number and street")
    town: str
    postcode: str


@function_tool
def arrange_delivery(order_ref: str, address: Address, floor: int = 0, lift_available: bool = True) -> dict:
    """Arrange delivery of a handmade sofa.

    Args:
        order_ref: the customer's order reference like OH-1234
        address: delivery address
        floor: which floor the flat is on (0 = ground)
        lift_available: whether the building has a usable lift
    """
    return {"delivery_id": "DL-5820", "two_person_team": floor > 0 and not lift_available,
            "fee_gbp": 35 + (20 if floor > 0 and not lift_available else 0)}


async def test_each_field_takes_what_the_message_says_of_it_and_a_question_calls_no_admission() -> None:
    rescue = Agent(name="Rescue", instructions="You help run a wildlife rescue.", tools=[admit_animal, list_patients])
    replies = await turns(rescue, ["Which animals are in care at the moment?",
                                   "I've brought in a hedgehog weighing 420 grams, found at Elm Park. It has a cut on its "
                                   "leg and is wheezing and limping."])
    assert replies[0][0] == [("list_patients", {})], replies
    [(name, given)] = replies[1][0]
    assert (given["species"], given["weight_g"], given["injured"], given["found_at"]) == ("hedgehog", 420, True, "Elm Park")


async def test_a_street_keeps_its_number_a_floor_its_ordinal_and_two_questions_get_two_answers() -> None:
    shop = Agent(name="Oakhollow", instructions="You arrange sofa deliveries.", tools=[arrange_delivery])
    [(made, _), (asked, answer)] = await turns(shop, [
        "Please deliver order OH-5820 to 41 Canal Street, Bristol, BS1 4QX. It's a third-floor flat and the lift is broken.",
        "What's the delivery fee, and will there be two people?"])
    [(_, given)] = made
    assert given["address"]["line1"] == "41 Canal Street" and given["floor"] == 3 and given["lift_available"] is False
    assert asked == [] and "55" in answer and "yes" in answer.lower(), answer


async def test_a_list_entry_answers_and_a_text_pasted_with_a_question_answers_it() -> None:
    agent = Agent(name="Club", instructions="Answer from what you were sent.")
    session = SQLiteSession(":memory:")
    await Runner.run(agent, "Schedule: Mon - pond dipping; Tue - den building; Wed - cooking; Fri - sports day.",
                     session=session)
    answer = str((await Runner.run(agent, "Which day is the cooking session?", session=session)).final_output)
    assert "Wed - cooking" in answer and "pond" not in answer, answer
    email = ("Hi all, quick update on the holiday club. We now have 38 children booked. Lunch will now be provided by "
             "Hartley's Deli instead of the school kitchen. Please reply by Thursday.\n\nIs lunch still provided by the "
             "school kitchen? Answer yes or no.")
    answer = str((await Runner.run(agent, email)).final_output)
    assert "Hartley's Deli" in answer and not answer.startswith("Noted"), answer
