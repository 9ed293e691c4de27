"""Collections in structured output and tool arguments, filled the way a careful, literal model fills them.

A tuple's slots each take a value of their own schema, numbers are moved inside their bounds, a list of
numbers or of options holds every one the message gives (in its order), a list of lists one list per
bracketed group, a ``dict[str, int]`` one count per item counted, and a list of strings every quoted value.
The schemas and sentences are our own, each one a learner might try first.
"""

from __future__ import annotations

import json
from typing import Literal

import pytest
from agents import Agent, AgentOutputSchema, Runner, function_tool
from pydantic import BaseModel, Field

pytestmark = pytest.mark.usefixtures("api")


async def extract(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Extractor", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Parcel(BaseModel):
    size: tuple[float, float, float]


class Tagged(BaseModel):
    pair: tuple[int, str]


class Review(BaseModel):
    stars: int = Field(ge=1, le=5)
    discount: int = Field(gt=0, lt=50)
    step: float = Field(multiple_of=0.25)
    codes: set[int]
    version: Literal["v2"]


async def test_each_slot_of_a_tuple_takes_a_value_of_its_own_schema() -> None:
    parcel = await extract(Parcel, "The parcel measures 30.5 by 20 by 12 centimetres.")
    assert parcel.size == (30.5, 20.0, 12.0)
    tagged = await extract(Tagged, "Seat 14 is by the window.")
    assert tagged.pair[0] == 14


async def test_numbers_move_inside_their_bounds_and_sets_hold_each_number_once() -> None:
    review = await extract(Review, "I give it 9 stars, a discount 80, step 0.3, codes 7, 7 and 11.")
    assert (review.stars, review.discount, review.step, review.version) == (5, 49, 0.25, "v2")
    assert review.codes == {7, 11}


class Seating(BaseModel):
    rows: list[list[float]]


class Stock(BaseModel):
    inventory: dict[str, int]


async def test_a_list_of_lists_holds_one_list_per_bracketed_group() -> None:
    seating = await extract(Seating, "Prices per row: [1.5, 2], [3, 4.25, 8], [5, 6].")
    assert seating.rows == [[1.5, 2.0], [3.0, 4.25, 8.0], [5.0, 6.0]]


async def test_a_dict_of_counts_holds_each_item_the_message_counts() -> None:
    loose = AgentOutputSchema(Stock, strict_json_schema=False)
    stock = await extract(loose, "We have 12 chairs, 4 tables and 30 cups in the hall.", "Take stock.")
    assert stock.inventory == {"chairs": 12, "tables": 4, "cups": 30}
    assert (await extract(loose, "Nothing is in stock today.", "Take stock.")).inventory == {}


class Palette(BaseModel):
    colours: list[Literal["red", "green", "blue", "yellow"]]


async def test_a_list_of_options_holds_every_option_named_in_order() -> None:
    palette = await extract(Palette, "Paint the fence yellow and the door red.", "Which colours are asked for?")
    assert palette.colours == ["yellow", "red"]


@function_tool
def label_issue(issue_id: str, labels: list[str]) -> str:
    """Put labels on an issue in the tracker."""
    return f"{issue_id}: {labels}"


async def test_a_list_of_strings_in_a_tool_call_holds_every_quoted_value() -> None:
    agent = Agent(name="Triage", instructions="You triage issues.", tools=[label_issue])
    result = await Runner.run(agent, "Label issue ISS-312 as 'needs-review', 'frontend' and 'good first issue'.")
    arguments = [json.loads(i.raw_item.arguments) for i in result.new_items if i.type == "tool_call_item"]
    assert arguments[0]["labels"] == ["needs-review", "frontend", "good first issue"]
