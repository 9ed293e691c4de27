"""Memory, notes, tools and schemas, as outside testers met them this round (in my own words and domains):

- a choice taken back ("Go back to the terracotta after all", "Forget what I said about the kayak") or a person
  withdrawn ("withdraw him from the relay") is what recall answers with; a relative never mentioned ("my
  grandpa") is not answered with another's fact ("my grandma's birthday");
- a note keeps a sentence one word over its line length whole ("..., she's 2."), not cut before its value;
- the word "tools" in what the user tells ("six crates of tools") is no question about the assistant's tools;
- a tool's arguments stay valid against its schema: an optional object with a required number not said is left
  out (null), not sent half-filled; a value that misses only the pattern's leading "#" gets it;
- a ``word_count`` is the count the user gives ("a 2,750-word report"), not the words of the message.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent

from memlab.offline.api import OfflineAPI

from ..helpers import offline_summarizer, said, turns

pytestmark = pytest.mark.usefixtures("api")

HELPER = Agent(name="Helper", instructions="Remember the details you are given and answer questions about them briefly.")


async def replies(texts: list[str], agent: Agent = HELPER) -> list[str]:
    return [reply for _, reply in await turns(agent, texts)]


async def test_a_choice_taken_back_twice_ends_on_the_last_one() -> None:
    said_back = await replies([
        "The mural on the school gym wall starts on 2 May.",
        "For the background, let's use terracotta.",
        "Actually, drop the terracotta, I want the background in ultramarine instead.",
        "The head teacher is not keen. Go back to the terracotta for the background after all.",
        "What colour is the background going to be?"])
    assert said_back[-1].rstrip(".").endswith("Go back to the terracotta for the background after all")


async def test_what_the_user_told_to_forget_is_corrected_by_what_follows() -> None:
    said_back = await replies([
        "My nephew Ruari turns 12 on 9 September, he loves kayaking.",
        "Forget what I said about the kayaking, he does rock climbing these days.",
        "What is Ruari into?"])
    assert said_back[-1].rstrip(".").endswith("he does rock climbing these days")


async def test_a_runner_withdrawn_is_no_longer_in_the_race() -> None:
    said_back = await replies([
        "Enter Ossian Hale in the Lakeside Relay on 14 June, leg 3.",
        "Sad news, Ossian pulled a hamstring - withdraw him from the relay please.",
        "Is Ossian still in the relay?"])
    assert said_back[-1].startswith("No: you told me") and "withdraw him" in said_back[-1]


async def test_a_relative_never_mentioned_gets_no_other_relatives_fact() -> None:
    said_back = await replies([
        "My grandma, Edith, has her birthday on 4 March; budget 40 pounds.",
        "What is my grandpa's birthday?",
        "And when is my grandmother's birthday?"])
    assert "4 March" not in said_back[1] and said_back[1].startswith("I don't know")
    assert "4 March" in said_back[2]


async def test_the_word_tools_in_a_statement_is_no_question_about_the_assistants_tools() -> None:
    said_back = await replies(["We move on 30 May: the workshop has 12 boxes.",
                               "Can you also take the loft? About 6 crates of tools."])
    assert "no tools" not in said_back[1] and "6 crates of tools" in said_back[1]


async def test_a_note_keeps_a_sentence_one_word_over_whole() -> None:
    _, note = await offline_summarizer().summarize(said(
        "I foster four animals: a lurcher called Moss (6 yrs), a ginger cat called Toffee (3 yrs) and a ferret called "
        "Nib, and he's 1.", "Toffee's booster is on 11 June at 9:15am."))
    assert "a ferret called Nib, and he's 1." in note and "he's …" not in note


def _call(tool: dict, message: str) -> dict:
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "input": message, "tools": [tool]})
    return json.loads(next(item for item in response["output"] if item["type"] == "function_call")["arguments"])


def test_an_optional_range_with_no_end_said_is_left_out_not_sent_half_filled() -> None:
    span = {"type": "object", "properties": {"first_year": {"type": "integer"}, "last_year": {"type": "integer"}},
            "required": ["first_year", "last_year"]}
    tool = {"type": "function", "name": "find_fossils", "description": "Find fossils in the store by keyword, within a span of years.",
            "parameters": {"type": "object", "properties": {"keyword": {"type": "string"},
                                                            "span": {"anyOf": [span, {"type": "null"}]}},
                           "required": ["keyword", "span"]}}
    arguments = _call(tool, "find ammonites from 1820")
    assert arguments["span"] is None or isinstance(arguments["span"]["last_year"], int)


def test_a_value_missing_only_the_patterns_hash_gets_it() -> None:
    tool = {"type": "function", "name": "match_thread", "description": "Match an embroidery thread to a hex colour.",
            "strict": True, "parameters": {"type": "object", "properties": {"hex_colour": {
                "type": "string", "pattern": "^#[0-9a-fA-F]{6}$"}}, "required": ["hex_colour"], "additionalProperties": False}}
    assert _call(tool, "thread match for c04a2e please") == {"hex_colour": "#c04a2e"}


def test_a_word_count_is_the_count_the_user_gives() -> None:
    schema = {"type": "object", "properties": {"word_count": {"type": "integer"}, "language": {"type": "string"}},
              "required": ["word_count", "language"], "additionalProperties": False}
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": "Extract the proofreading job.",
                                     "input": "Hello, could you proofread a 2,750-word grant report in Welsh by Monday?",
                                     "text": {"format": {"type": "json_schema", "name": "job", "schema": schema, "strict": True}}})
    job = json.loads(response["output"][-1]["content"][0]["text"])
    assert job["word_count"] == 2750


RESPRAY = [
    {"role": "user", "content": "hello, Idris Penhale here, I left a bike frame with you on Monday - frame FR-44190. the paint is chipped on the top tube"},
    {"role": "assistant", "content": "Thanks Idris, FR-44190 is on the rack. We'd strip and respray the frame."},
    {"role": "user", "content": "great. collection on 3 May suits?"},
    {"role": "assistant", "content": "3 May is possible."},
    {"role": "user", "content": "oh sorry, make collection 10/05 instead, I'm at a race that weekend. my number is 07700 900456 if you need me"},
    {"role": "assistant", "content": "Collection moved to 10 May. I've saved 07700 900456."},
]

CARD = """Fill in this job card, one line per field, keep the labels exactly:
Customer: the customer's full name
Frame: the frame number, verbatim
Collection date: the final collection date (after any changes)
Phone: the customer's phone number"""


async def test_a_card_asked_one_line_per_field_gets_each_value_on_its_line() -> None:
    _, note = await offline_summarizer(prompt=CARD).summarize(RESPRAY)
    assert note.splitlines() == ["Customer: Idris Penhale", "Frame: FR-44190", "Collection date: 10 May",
                                 "Phone: 07700 900456"]


async def test_a_json_key_of_a_moved_date_takes_the_latest_and_an_id_after_a_dash_keeps_its_own_label() -> None:
    prompt = "Return JSON with the keys customer, frame, collection_date, phone. Use null for anything not stated."
    _, note = await offline_summarizer(prompt=prompt).summarize(RESPRAY)
    card = json.loads(note)
    assert card["frame"] == "FR-44190" and card["collection_date"] == "10 May" and card["phone"] == "07700 900456"


async def test_json_keys_read_a_name_an_account_a_code_and_measures_from_what_follows_their_word() -> None:
    prompt = ("Return JSON with the keys owner_name, account, pond_volume, ammonia_ppm, alarm_code. Use null where the "
              "conversation gave nothing. Only JSON.")
    _, note = await offline_summarizer(prompt=prompt).summarize(said(
        "Hi, our koi pond is 9000 litre and the ammonia test shows 2 ppm, not good. Name's Wren Halloway",
        "Customer account is KP-3301, can you send someone?",
        "The side gate is locked. And the alarm code is 9182"))
    card = json.loads(note)
    assert card == {"owner_name": "Wren Halloway", "account": "KP-3301", "pond_volume": "9000 litre",
                    "ammonia_ppm": "2 ppm", "alarm_code": "9182"}
