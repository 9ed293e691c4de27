"""What the instructions and earlier turns state, answered as a careful, literal model answers it.

A persona or a capability told in the instructions ("You are Mia, ...", "You can ..."), facts about the user
in dynamic instructions, earlier statements asked about with other words (a kin word, an elliptical "At what
time?"), statements told back in the listener's words ("we" → "you"), greetings, and agents that are asked to
translate: each test uses sentences and agents of its own, driven through ``OfflineAPI().respond``.
"""

from __future__ import annotations

import json

from memlab.offline.api import OfflineAPI

MODEL = "gpt-4.1-mini"


def chat(turns: list[str], instructions: str = "You are a helpful assistant.", tools: list[dict] | None = None,
         outputs: dict[str, str] | None = None) -> list[str]:
    """The assistant's reply to each user turn, the conversation re-sent each time (tool calls answered
    from ``outputs``); a reply that is a handoff is written ``-> <tool name>``."""
    api, items, replies = OfflineAPI(), [], []
    for turn in turns:
        items.append({"role": "user", "content": turn})
        for _ in range(4):
            body = {"model": MODEL, "instructions": instructions, "input": items, "tools": tools or []}
            output = api.respond(body)["output"]
            items += output
            called = [o for o in output if o["type"] == "function_call"]
            if not called:
                replies.append(output[-1]["content"][0]["text"])
                break
            if called[0]["name"].startswith("transfer_to_"):
                replies.append("-> " + called[0]["name"])
                break
            items += [{"type": "function_call_output", "call_id": c["call_id"], "output": outputs[c["name"]]}
                      for c in called]
    return replies


def tool(name: str, description: str) -> dict:
    return {"type": "function", "name": name, "description": description, "strict": False,
            "parameters": {"type": "object", "properties": {}, "required": []}}


# Facts in the instructions (case A)

def test_a_persona_in_the_instructions_answers_what_the_assistant_is_called() -> None:
    reply, = chat(["What is your name?"], "You are Mia, the concierge of Hotel Lumen. Be brief.")
    assert reply == "I'm Mia, the concierge of Hotel Lumen."
    noted, = chat(["My name is Karl."], "You are Mia, the concierge of Hotel Lumen.")
    assert noted == "Noted: your name is Karl."  # the persona answers questions to the assistant only


def test_what_the_instructions_say_the_assistant_can_do_answers_what_it_can_do() -> None:
    reply, = chat(["What can you do for me?"], "You are a cooking helper. You can plan meals and convert recipe units.")
    assert reply == "I can plan meals and convert recipe units."


def test_a_question_about_a_weekday_is_answered_from_the_opening_hours() -> None:
    reply, = chat(["Is the shop open on Sunday?"],
                  "You are the bakery's assistant. Opening hours are 7am-2pm, Tuesday to Saturday.")
    assert "7am-2pm, Tuesday to Saturday" in reply


def test_facts_about_the_user_in_dynamic_instructions_answer_the_users_questions() -> None:
    instructions = "The user's name is Lena. They are on the Family tier. Answer their questions."
    name, tier = chat(["What is my name?", "Which tier am I on?"], instructions)
    assert "Lena" in name and "Family tier" in tier
    noted, = chat(["My name is Jo."], instructions)
    assert noted.startswith("Noted:")


# Statements told back in the listener's words, and greetings (cases C and F)

def test_call_me_is_told_back_as_the_users_name_and_answers_what_their_name_is() -> None:
    turns = ["My name is Alexandra.", "Actually, just call me Sasha.", "What is my name?"]
    _, noted, name = chat(turns)
    assert noted == "Noted: your name is Sasha."
    assert "Sasha" in name and "you" not in name.split(":", 1)[-1].replace("your", "")


def test_a_statement_that_opens_with_we_is_told_back_as_you() -> None:
    assert chat(["We arrive at 9pm with our bags."]) == ["Noted: you arrive at 9pm with your bags."]
    assert chat(["Our cat is called Pixel."]) == ["Noted: your cat is called Pixel."]
    assert chat(["Before we start, I moved to Leeds."]) == ["Noted: before we start, you moved to Leeds."]


def test_good_evening_with_how_are_you_is_a_greeting() -> None:
    assert chat(["Good evening! How are you doing?"]) == ["Hello! What can I help you with?"]
    assert chat(["Hey there!"]) == ["Hello! What can I help you with?"]


def test_what_follows_a_greeting_is_the_message_and_the_greeting_is_not_told_back() -> None:
    assert chat(["Hello! I'm Priya and I work nights."]) == ["Noted: you're Priya and you work nights."]
    assert chat(["Good afternoon, our boiler leaks."]) == ["Noted: your boiler leaks."]
    noted, answer = chat(["Hey! My locker is number 41.", "Which locker is mine?"])
    assert noted == "Noted: your locker is number 41." and "41" in answer


def test_tool_outputs_without_a_full_stop_are_reported_as_separate_sentences_and_an_empty_list_as_none() -> None:
    tools = [tool("check_stock", "Check the stock of the shop."), tool("check_rota", "Check the staff rota.")]
    outputs = {"check_stock": "12 boxes left", "check_rota": json.dumps({"staff": "Ada", "absent": []})}
    reply, = chat(["Please check the stock and check the rota."], "Use the tools.", tools, outputs)
    assert "12 boxes left. check_rota returned" in reply
    assert "absent: none." in reply


# Recall from earlier turns (case B)

def test_a_kin_word_asks_for_what_was_said_of_a_son_or_daughter() -> None:
    reply = chat(["My son Leo turns 10 in May.", "How old will my boy be?"])[-1]
    assert reply == "You told me: your son Leo turns 10 in May."


def test_at_what_time_is_answered_by_the_statement_that_gives_a_time() -> None:
    reply = chat(["I booked a table at Nopa for 8pm on Friday.", "Where did I book?", "At what time?"])[-1]
    assert "8pm" in reply


def test_the_details_of_a_plan_are_every_statement_about_it_and_who_comes_is_the_companion() -> None:
    turns = ["I'm organising a holiday in Peru in June.", "My limit is 2000 dollars.",
             "I'll be travelling with my brother, Luis.", "Remind me of the details of my holiday.",
             "Who's coming with me?", "What did I just ask you?"]
    *_, details, companion, asked = chat(turns)
    assert all(fact in details for fact in ("Peru", "2000 dollars", "Luis"))
    assert "Luis" in companion and "Peru" not in companion
    assert asked == 'You asked: "Who\'s coming with me?"'


def test_a_question_sharing_no_word_with_what_was_said_is_not_answered_by_it() -> None:
    reply = chat(["I enjoy cooking.", "What's my favourite film?"])[-1]
    assert reply.startswith("I don't know") and "cooking" not in reply


# Agents asked to translate, and a triage by language (case G)

def test_an_agent_told_to_translate_says_in_one_sentence_that_it_cannot() -> None:
    for instructions in ("You translate the user's text into German.", "Rewrite the user's message in Italian."):
        reply, = chat(["See you at the station tomorrow."], instructions)
        assert reply == "I can't translate offline: I can only answer from what I was sent."


def test_a_triage_by_language_hands_an_english_request_to_the_english_agent() -> None:
    desks = [tool(f"transfer_to_{language}_agent", f"Handoff to the {language}_agent agent to handle the request.")
             for language in ("german", "italian", "english")]
    instructions = "Send the request to the right desk based on the language it is written in."
    assert chat(["What's the tallest mountain of Chile?"], instructions, desks) == ["-> transfer_to_english_agent"]


# A two-part question answered from a summary note (case B)

def test_a_two_part_question_is_answered_in_both_parts_from_a_note() -> None:
    turns = ["Hello, I'm Rui Costa and my parcel PCL-4410 never came.", "The box should hold two lamps.",
             "I want my money back, not a voucher.", "Please summarize this conversation."]
    note = chat(turns)[-1]
    api = OfflineAPI()
    items = [{"role": "user", "content": "Summarize what we have so far."}, {"role": "assistant", "content": note},
             {"role": "user", "content": "What's my parcel number and what did I ask for?"}]
    reply = api.respond({"model": MODEL, "input": items})["output"][-1]["content"][0]["text"]
    assert "PCL-4410" in reply and "money back" in reply
