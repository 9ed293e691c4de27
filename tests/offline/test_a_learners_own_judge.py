"""A judge a learner writes for their own summaries, without memlab's criteria list: "Score faithfulness from 1 to
5 ... Reply as JSON" over tagged or labelled blocks, or a ``responses.parse`` verdict schema. A number, an id, a
day or a month the transcript never says is invented; a schema that is no verdict is filled as before."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")

TRANSCRIPT = """USER: My order ORD-5512 arrived with a cracked screen.
ASSISTANT: Sorry! I opened return RMA-7781; a courier collects it on Friday.
USER: Please refund to my card, not store credit."""
GOOD = "Order ORD-5512 arrived with a cracked screen. Return RMA-7781 opened; courier pickup Friday. Refund to card."
BAD = "Order ORD-5521 arrived damaged. Return RMA-7781 opened; courier pickup Monday. Refund as store credit."
JUDGE = ('You grade summaries. Score faithfulness to the transcript from 1 to 5 and explain in one sentence. '
         'Reply as JSON: {"score": int, "reason": str}.')


class Verdict(BaseModel):
    faithful: bool
    errors: list[str]


class Order(BaseModel):
    order_id: str
    pickup_day: str


def tagged(summary: str) -> str:
    return f"<transcript>\n{TRANSCRIPT}\n</transcript>\n<summary>\n{summary}\n</summary>"


def labelled(summary: str) -> str:
    return f"Transcript:\n{TRANSCRIPT}\n\nSummary:\n{summary}"


@pytest.mark.parametrize("shape", [tagged, labelled])
async def test_a_json_score_prompt_gets_a_score_and_names_what_is_invented(client, shape) -> None:
    good, bad = [json.loads((await client.responses.create(model="gpt-4.1", instructions=JUDGE, input=shape(
        summary))).output_text) for summary in (GOOD, BAD)]
    assert good == {"score": 5, "reason": "ok"}
    assert 1 <= bad["score"] < 5 and "ORD-5521" in bad["reason"] and "Monday" in bad["reason"]


async def test_a_verdict_schema_is_filled_from_the_check(client) -> None:
    verdicts = [(await client.responses.parse(model="gpt-4.1", input=labelled(summary), text_format=Verdict,
                                              instructions="Check the summary against the transcript. List every error.")
                 ).output_parsed for summary in (GOOD, BAD)]
    assert verdicts[0] == Verdict(faithful=True, errors=[])
    assert not verdicts[1].faithful and {"ORD-5521", "Monday"} <= set(verdicts[1].errors)


async def test_a_schema_that_is_no_verdict_is_filled_as_before(client) -> None:
    parsed = (await client.responses.parse(model="gpt-4.1", input=labelled(GOOD), text_format=Order,
                                           instructions="Check the transcript and extract the order.")).output_parsed
    assert parsed.order_id == "ORD-5512"
