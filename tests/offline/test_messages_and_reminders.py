"""Messages and reminders asked for the way people ask: the tool is called, with what to say as its text.

"Remind me at 6pm to call grandma" sets a reminder (not "I can't do that"); "Tell sam@x.io I'll be late" sends
"I'll be late" to that address; "Text 555-0134 that I'm running late" sends to the whole number; "Post in #general
that ..." posts to #general. "Tell me about ..." and "Remind me what ..." still ask. Tools and sentences are our
own.
"""

from __future__ import annotations

import json

import openai
import pytest

pytestmark = pytest.mark.usefixtures("api")


def tool(name: str, description: str, **fields: str) -> dict:
    return {"type": "function", "name": name, "description": description, "strict": False,
            "parameters": {"type": "object", "properties": {k: {"type": "string"} for k in fields},
                           "required": list(fields)}}


REMIND = tool("create_reminder", "Create a reminder.", text="", when="")
EMAIL = tool("send_email", "Send an email.", to="", subject="", body="")
SMS = tool("send_sms", "Send a text message.", phone="", message="")


def first_call(text: str, tools: list[dict]) -> tuple[str, dict] | str:
    with openai.OpenAI() as client:
        response = client.responses.create(model="gpt-4.1-mini", input=text, tools=tools,
                                           instructions="Use the tools.")
    calls = [item for item in response.output if item.type == "function_call"]
    return (calls[0].name, json.loads(calls[0].arguments)) if calls else response.output_text


@pytest.mark.parametrize(("text", "arguments"), [
    ("Remind me at 6pm to call grandma", {"text": "call grandma", "when": "6pm"}),
    ("Remind me tomorrow at 9 to water the plants", {"text": "water the plants"}),
])
def test_a_reminder_asked_with_its_time_first_is_set(text: str, arguments: dict) -> None:
    name, given = first_call(text, [REMIND])
    assert name == "create_reminder" and arguments.items() <= given.items(), given


@pytest.mark.parametrize(("text", "to", "body"), [("Tell sam@x.io I'll be late", "sam@x.io", "I'll be late"),
                                                  ("Tell dana@corp.org the report is ready", "dana@corp.org",
                                                   "the report is ready")])
def test_tell_someone_sends_what_follows_their_address(text: str, to: str, body: str) -> None:
    name, given = first_call(text, [EMAIL])
    assert (name, given["to"], given["body"]) == ("send_email", to, body)


@pytest.mark.parametrize(("text", "phone"), [("Text 555-0134 that I'm running late", "555-0134"),
                                             ("Text +44 7700 900123 that the door code changed", "+44 7700 900123")])
def test_a_text_goes_to_the_whole_number(text: str, phone: str) -> None:
    name, given = first_call(text, [SMS])
    assert name == "send_sms" and given["phone"] == phone and "that" not in given["message"], given


@pytest.mark.parametrize("text", ["Tell me about your refund policy.", "Remind me what my order number was?"])
def test_tell_me_and_remind_me_what_still_ask(text: str) -> None:
    assert isinstance(first_call(text, [EMAIL, REMIND]), str)


POST = tool("post_message", "Post a message to a Slack channel.", channel="", text="")


@pytest.mark.parametrize(("text", "channel", "said"), [("Post in #general that the deploy is done", "#general",
                                                        "the deploy is done"),
                                                       ("Send to #ops-alerts that the backup failed", "#ops-alerts",
                                                        "the backup failed")])
def test_a_post_goes_to_the_channel_named_with_what_follows_that(text: str, channel: str, said: str) -> None:
    name, given = first_call(text, [POST])
    assert (name, given["channel"], given["text"]) == ("post_message", channel, said)
