"""Two agents of an outside tester's own: a clinic's lab-results portal and a recipe scaler.

"Only results since 2025-01-01 please" once called ``get_lab_results(patient_id="HbA1c", only_abnormal=true,
since="2025-01-01 please")``: an id breaking its schema's pattern though the patient's id was told a turn before, a
filter the user never asked for ("only" is not "abnormal"), and a date with a word after it; "Show only the
abnormal results" took a result's date as the date to filter from. "How much milk is that?"
after a scaled recipe got "scale_recipe reported ingredients: name milk." without the quantity.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from agents import Agent, FunctionTool, function_tool

from ..helpers import turns

pytestmark = pytest.mark.usefixtures("api")


async def lab_results(_: Any, arguments: str) -> str:
    return json.dumps({"patient_id": json.loads(arguments)["patient_id"], "results": [
        {"test": "HbA1c", "value": 6.1, "unit": "%", "ref_range": "4.0-5.6", "flag": "high", "date": "2025-01-20"},
        {"test": "TSH", "value": 1.9, "unit": "mIU/L", "ref_range": "0.4-4.0", "flag": "normal", "date": "2024-10-02"}]})


PORTAL = Agent(name="LabPortal", instructions="You are a clinic's lab-results portal assistant.", tools=[FunctionTool(
    name="get_lab_results", description="Fetch a patient's lab results.", on_invoke_tool=lab_results,
    strict_json_schema=True, params_json_schema={
        "type": "object", "additionalProperties": False, "required": ["patient_id", "only_abnormal", "since"],
        "properties": {"patient_id": {"type": "string", "pattern": "^PT-\\d{4}$"},
                       "only_abnormal": {"type": "boolean", "description": "return only results flagged high/low"},
                       "since": {"type": ["string", "null"],
                                 "description": "only results on/after this date YYYY-MM-DD"}}})])


async def test_a_follow_up_keeps_the_patient_and_takes_only_the_date() -> None:
    replies = await turns(PORTAL, ["Show me the lab results for PT-5581", "Only results since 2025-01-01 please",
                                   "Show only the abnormal results"])
    assert replies[0][0] == [("get_lab_results", {"patient_id": "PT-5581", "only_abnormal": False, "since": None})]
    assert replies[1][0] == [("get_lab_results", {"patient_id": "PT-5581", "only_abnormal": False,
                                                  "since": "2025-01-01"})]
    assert replies[2][0] == [("get_lab_results", {"patient_id": "PT-5581", "only_abnormal": True, "since": None})]


@function_tool
def scale_recipe(recipe: str, servings: int) -> dict:
    """Scale a saved recipe to a number of servings."""
    factor = servings / 2
    return {"recipe": recipe, "servings": servings, "ingredients": [
        {"name": "flour", "qty": 100 * factor, "unit": "g"}, {"name": "milk", "qty": 150 * factor, "unit": "ml"},
        {"name": "eggs", "qty": 1 * factor, "unit": "pcs"}]}


CHEF = Agent(name="Chef", instructions="You scale the user's saved recipes.", tools=[scale_recipe])


async def test_a_follow_up_on_a_listed_ingredient_tells_its_quantity() -> None:
    replies = await turns(CHEF, ["Scale the pancakes for 6 people", "How much milk is that?", "and how many eggs?"])
    assert replies[0][0] == [("scale_recipe", {"recipe": "pancakes", "servings": 6})]
    assert "milk" in replies[1][1] and "450" in replies[1][1] and "ml" in replies[1][1], replies[1][1]
    assert "eggs" in replies[2][1] and "3.0" in replies[2][1], replies[2][1]
