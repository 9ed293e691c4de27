"""Prompts a developer writes against the plain client: extract values, sum amounts, check a number.

"Extract every date and every monetary amount from the text" once got "Noted: <the text>"; the same as JSON got the
text back too; "What is the total of these invoices: £120, £75.50 and £300?" and "Is 17 a prime number?" got
"I don't know".
"""

from __future__ import annotations

import json

import pytest
from openai import OpenAI

from memlab.offline.client import offline_client

TEXT = ("The band's deposit of £1,200 is due on 14 June. The venue in Bristol charges £350 per night, and the final "
        "balance of £2,450 must be paid by 1 August. Questions: tour@glassharbour.example or +44 20 7946 0018.")


def ask(client: OpenAI, instructions: str | None, text: str) -> str:
    return client.responses.create(model="gpt-4.1-mini", input=text, **(
        {"instructions": instructions} if instructions else {})).output_text


@pytest.fixture
def client() -> OpenAI:
    return offline_client(sync=True)


def test_dates_and_amounts_are_extracted_in_the_order_given(client: OpenAI) -> None:
    said = ask(client, "Extract every date and every monetary amount from the text. Return one per line as "
                       "'date: ...' or 'amount: ...'.", TEXT)
    assert said.splitlines() == ["amount: £1,200", "date: 14 June", "amount: £350", "amount: £2,450", "date: 1 August"]


@pytest.mark.parametrize("instructions", [
    'Extract every date and amount as JSON: {"dates": [...], "amounts": [...]}',
    'Return JSON {"dates": [...], "amounts": [...]} listing every date and amount.'])
def test_dates_and_amounts_come_as_the_json_asked_for(client: OpenAI, instructions: str) -> None:
    assert json.loads(ask(client, instructions, TEXT)) == {"dates": ["14 June", "1 August"],
                                                            "amounts": ["£1,200", "£350", "£2,450"]}


def test_one_kind_is_listed_alone_and_a_missing_kind_said_so(client: OpenAI) -> None:
    assert ask(client, "List the email addresses in the text.", TEXT) == "tour@glassharbour.example"
    assert ask(client, "Extract every email address.", "Call Sam on Friday.") == "The text gives no email."


def test_a_total_of_amounts_the_question_gives_is_summed(client: OpenAI) -> None:
    assert ask(client, None, "What is the total of these invoices: £120, £75.50 and £300?") == "120 + 75.50 + 300 = 495.5."


@pytest.mark.parametrize(("question", "answer"), [
    ("Is 17 a prime number?", "Yes: 17 is prime."), ("Is 91 prime?", "No: 91 = 7 × 13."),
    ("Is 42 odd?", "No: 42 is even."), ("Is 1 prime?", "No: 1 is not prime.")])
def test_a_number_is_checked_for_what_the_question_asks(client: OpenAI, question: str, answer: str) -> None:
    assert ask(client, "Answer yes or no.", question) == answer


def test_a_rewrite_is_still_refused_plainly(client: OpenAI) -> None:
    said = ask(client, "Rewrite the message so it is polite and professional.", "Your plumber didn't show up AGAIN.")
    assert said.startswith("I can't do that")


CIDER = ("Ferncliffe Orchard Cider is pressed each October from three apple varieties: Dabinett, Yarlington Mill and "
         "Kingston Black. The juice ferments for twelve weeks in oak barrels before bottling. The orchard shop is open "
         "Thursday to Sunday, 10:00 to 16:00, and is run by Gwen Ashby.")


@pytest.mark.parametrize(("question", "answer"), [
    ("Who runs the orchard shop?", "Gwen Ashby"), ("How long does the juice ferment?", "twelve weeks"),
    ("Which apple varieties are used?", "Kingston Black"), ("Do they sell perry?", "I don't know")])
def test_a_rule_for_when_the_text_is_silent_is_no_answer_of_its_own(client: OpenAI, question: str, answer: str) -> None:
    said = ask(client, "Answer briefly using only the paragraph. If it doesn't say, say so.",
               f"{CIDER}\n\nQuestion: {question}")  # (it was the answer to every question: "If it doesn't say, say so.")
    assert answer in said and "say so" not in said, said
