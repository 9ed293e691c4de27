"""A summary of the writer's own holds the answers to the user's questions, not the questions, and what was changed.

An outside tester's stained-glass commission, falconry booking, stonemason and tailoring chats, summarized with
prompts of their own. "## Price and payments" held "What would it cost roughly?" and "Can I pay a deposit now?"
rather than the £1,150 estimate and the £345 deposit; "## Open questions" listed settled facts; the sky the client
changed "to warm amber instead of pale blue" stayed pale blue; "Date:" said "none" after "Booked provisionally for
14 June", and "write 'unknown'" was not followed; "### Timeline" held "Good morning."; a paragraph of at most 50
words was "I need my grey overcoat altered. Do you take cards?".
"""

from __future__ import annotations

import pytest

from ..helpers import offline_summarizer, sections

pytestmark = pytest.mark.usefixtures("api")


def chat(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    """The user's and the assistant's turns, in order."""
    return [item for user, reply in pairs for item in ({"role": "user", "content": user},
                                                       {"role": "assistant", "content": reply})]


GLASS = chat(
    ("Hi, I'm Marguerite Osei and I'd like to commission a stained-glass panel for my front door.", "Lovely. What size?"),
    ("It's 42 cm wide and 96 cm tall.", "Thanks, a 42 x 96 cm panel. Any theme in mind?"),
    ("A heron standing in reeds, with a pale blue sky.", "A heron in reeds with a pale blue sky, noted."),
    ("What would it cost roughly?", "For that size in mouth-blown glass, the estimate is £1,150."),
    ("That's fine. Can I pay a deposit now?", "Yes, the deposit is 30%, so £345."),
    ("Actually, can we make the sky a warm amber instead of pale blue?", "Of course: warm amber it is."),
    ("Will it be double-glazed?", "Yes, inside a sealed double-glazed unit, £180 extra."),
    ("So the total is now £1,330?", "That's right: £1,150 plus £180 is £1,330."),
    ("Thanks, I'll wait for the sketch.", "You're welcome."))

GLASS_PROMPT = """Summarise the conversation between a stained-glass studio assistant and a client.
Use exactly these markdown sections, in this order:
## Client
## Commission details
## Price and payments
## Open questions
Write 'none' under a section with nothing to report."""


async def test_a_question_is_summarized_by_its_answer_and_a_change_is_written_in() -> None:
    _, note = await offline_summarizer(prompt=GLASS_PROMPT).summarize(GLASS)
    parts = sections(note)
    money = parts["Price and payments"]
    assert "£1,150" in money and "£345" in money and "£1,330" in money, note
    assert "?" not in money, note
    assert "warm amber sky" in parts["Commission details"] and "pale blue" not in note, note
    assert parts["Open questions"].strip() == "- none", note


FALCONRY = chat(
    ("Hello, my name is Caspar Lindqvist.", "Hello Caspar, how can I help?"),
    ("Do you have Saturday 14 June?", "Yes, 14 June has places at 10:00 and 14:00."),
    ("The 10:00 slot please.", "Booked provisionally for 14 June at 10:00."),
    ("Perfect, see you then.", "See you then, Caspar."))

FORM = """Write a booking record for this conversation. Use exactly these lines, one per field, and nothing else:
Name:
Date:
Dietary needs:
If a field was never mentioned, write 'unknown'."""


async def test_a_form_takes_the_confirmed_date_and_the_prompts_own_word_for_nothing() -> None:
    _, note = await offline_summarizer(prompt=FORM).summarize(FALCONRY)
    assert note.splitlines() == ["Name: Caspar Lindqvist", "Date: 14 June", "Dietary needs: unknown"], note


async def test_a_timeline_holds_a_date_not_a_greeting() -> None:
    stone = chat(("Good morning. I'm Beatrix Kowalczyk; I need a headstone for my father.", "I'm sorry for your loss."),
                 ("We'd like grey granite, 80 cm tall.", "Grey granite, 80 cm, noted."),
                 ("When can you send the vicar the drawing?", "I'll send the drawing on 6 May."),
                 ("Goodbye.", "Goodbye."))
    _, note = await offline_summarizer(prompt="Summarise for the office file.\n### Customer\n### Memorial\n### Timeline"
                                       ).summarize(stone)
    parts = sections(note)
    assert "6 May" in parts["Timeline"] and "morning" not in parts["Timeline"], note


async def test_a_paragraph_of_a_chat_with_no_problem_tells_its_facts_and_answers() -> None:
    coat = chat(("Hi, I'm Ezekiel Brandt. I need my grey overcoat altered.", "Hello Ezekiel. What alterations?"),
                ("Shorten the sleeves by 3 cm.", "Sleeves shortened 3 cm."),
                ("Can you replace the buttons with horn buttons?", "Yes, horn buttons, £24 for the set."),
                ("Do you take cards?", "Yes, all cards."),
                ("When will it be ready?", "Friday 21 November."),
                ("Hmm, sleeves by 2 cm, not 3, on second thought.", "Changed: sleeves shortened 2 cm."),
                ("Great, see you tomorrow.", "See you."))
    prompt = "Summarise the conversation in one plain prose paragraph of no more than 50 words. No headings, no bullets."
    _, note = await offline_summarizer(prompt=prompt).summarize(coat)
    assert len(note.split()) <= 50 and "\n" not in note.strip(), note
    assert "Ezekiel Brandt" in note and "2 cm" in note and "3 cm" not in note, note
    assert "£24" in note, note  # (a reply of a few words, "Friday 21 November.", says nothing alone: left out)
    assert "?" not in note and "see you tomorrow" not in note.lower(), note


@pytest.mark.parametrize(("prompt", "empty"), [
    ("## Customer\n## Order number\nDo not write 'N/A' in any section.", "none"),
    ("## Customer\n## Order number\nIf the customer is angry, write 'ESCALATE' at the top.", "none"),
    ("## Customer\n## Order number\nNever say 'I don't know'.", "none"),
    ("## Customer\n## Order number\nIf something was not mentioned, write 'n/a'.", "n/a"),
    ("## Customer\n## Order number\nIf there is no order number, write 'none given'.", "none given"),
    ("## Customer\n## Order number\nNever leave a section blank; write 'unknown' instead.", "unknown"),
])
async def test_only_a_word_for_what_was_not_said_fills_an_empty_section(prompt, empty) -> None:
    _, note = await offline_summarizer(prompt=prompt).summarize(chat(("Hi, I'm Omar. My parcel is missing.", "Sorry.")))
    assert sections(note)["Order number"].strip() == f"- {empty}", note


async def test_a_money_section_takes_prices_and_payments_and_an_unsure_reply_leaves_a_question_open() -> None:
    prompt = "## Customer\n## Costs\n## Open questions"
    talk = chat(("Hi, I'm Dana. I earn about £40k a year and I have a £20 voucher.", "Thanks, Dana."),
                ("How much is a new boiler fitted?", "A combi boiler fitted is £2,400."),
                ("Are you open on Sundays?", "Sorry, I'm not sure, I'll check with the manager."))
    _, note = await offline_summarizer(prompt=prompt).summarize(talk)
    parts = sections(note)
    assert "£2,400" in parts["Costs"] and "£40k" not in parts["Costs"], note
    assert "open on Sundays" in parts["Open questions"], note


def test_a_pasted_text_in_one_sentence_is_joined_without_capitals_inside() -> None:
    import openai

    para = ("The Orrin Valley apple harvest began on 2 September, a week later than usual because of a cold May. Growers "
            "picked 1,340 tonnes. The cooperative's manager, Hal Benedetti, expects cider orders to rise. Hal Benedetti "
            "retires next year.")
    said = openai.OpenAI().responses.create(model="gpt-4.1-mini", input="Summarise this paragraph in one sentence: " + para)
    text = said.output_text
    assert text.count(". ") == 0 and "; growers picked" in text and "; the cooperative's manager" in text, text
    assert "; Hal Benedetti retires" in text, text  # a name keeps its capital
