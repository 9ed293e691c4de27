"""The function-calling loop as OpenAI's API guide teaches it, written by a learner with a plain ``openai.OpenAI()``:
a reasoning model calls the tool, the loop sends back a JSON output, and the reply tells the result once, as one
sentence (a value that ends with a full stop gets no second one)."""

from __future__ import annotations

import json

import openai
import pytest

pytestmark = pytest.mark.usefixtures("api")

TOOLS = [{"type": "function", "name": "get_horoscope", "description": "Get today's horoscope for an astrological sign.",
          "parameters": {"type": "object", "required": ["sign"], "properties": {
              "sign": {"type": "string", "description": "An astrological sign like Taurus or Aquarius"}}}},
         {"type": "function", "name": "get_tide", "description": "Get the next high tide at a harbour.",
          "parameters": {"type": "object", "required": ["harbour"], "properties": {"harbour": {"type": "string"}}}}]
ANSWERS = {"get_horoscope": lambda sign: {"horoscope": f"{sign}: Next Tuesday you will befriend a baby otter."},
           "get_tide": lambda harbour: {"tide": f"{harbour}: high tide at 14:05, 4.2 m."}}


@pytest.mark.parametrize(("question", "told"), [
    ("What is my horoscope? I am an Aquarius.", "Aquarius: Next Tuesday you will befriend a baby otter."),
    ("When is the next tide at Whitby harbour?", "Whitby: high tide at 14:05, 4.2 m."),
])
def test_the_guides_loop_ends_with_the_result_told_once(question, told) -> None:
    inputs: list = [{"role": "user", "content": question}]
    with openai.OpenAI() as client:
        response = client.responses.create(model="gpt-5", tools=TOOLS, input=inputs)
        inputs += response.output
        calls = [item for item in response.output if item.type == "function_call"]
        assert [item.type for item in response.output][0] == "reasoning" and len(calls) == 1
        for call in calls:
            result = ANSWERS[call.name](**json.loads(call.arguments))
            inputs.append({"type": "function_call_output", "call_id": call.call_id, "output": json.dumps(result)})
        final = client.responses.create(model="gpt-5", tools=TOOLS, input=inputs,
                                        instructions="Respond only with what the tool returned.").output_text
    assert final.count(told) == 1 and not final.endswith("..")
