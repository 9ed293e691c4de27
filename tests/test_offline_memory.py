"""The offline model's short-term memory: facts people type, questions about them, and forgetting.

The workshop's best moment: type your own facts, shrink the window, watch the
agent lose them. These tests pin what the offline model understands (the
tables below are the readable list), that it answers only from the request's
input, and that every reply the scenario already produced stays byte for byte.
"""

from __future__ import annotations

import pytest

from memlab.offline._memory import questions_in, stated_facts


# ---------------------------------------------------------------- what is understood

#: statement → facts it plants, as (key, value). An empty list: deliberately not understood.
STATEMENTS = [
    ("Hi, my name is Ana and I live in Lisbon", [("name", "Ana"), ("home", "Lisbon")]),
    ("I'm Ana", [("name", "Ana")]),
    ("Please call me Ana.", [("name", "Ana")]),
    ("Actually, my name is Bea.", [("name", "Bea")]),
    ("I'm from Porto", [("origin", "Porto")]),
    ("I'm in Berlin this week", [("location", "Berlin")]),
    ("I work at Acme Corp", [("workplace", "Acme Corp")]),
    ("I'm 34 years old", [("age", "34")]),
    ("my budget is 500 euros", [("budget", "500 euros")]),
    ("I have 3 laptops", [("number of laptop", "3")]),
    ("my account number is 884213", [("account number", "884213")]),
    ("My account ACC-99812 is locked", [("account", "ACC-99812")]),
    ("Please check invoice INV-2024-0042.", [("invoice", "INV-2024-0042")]),
    ("my birthday is 12 May", [("birthday", "12 May")]),
    ("I bought it on 2025-03-04", [("when bought", "2025-03-04")]),
    ("I prefer email", [("preference", "email")]),
    ("I like dark mode", [("like", "dark mode")]),
    ("my favourite colour is green", [("favourite colour", "green")]),
    ("I don't like phone calls", [("dislike", "phone calls")]),
    ("My name is Ana, what's yours?", [("name", "Ana")]),  # the question part plants nothing
    # not understood, on purpose:
    ("is my name important?", []),  # a question states nothing
    ("I'd like a refund.", []),  # a request, not a preference
    ("I love it", []),  # a pronoun is no value
    ("my name is not Ana", []),  # a negation is no value
    ("I don't know my account number", []),
    ("No, it's Bea", []),  # a correction must name what it corrects
    ("I'm Ana from Lisbon", []),  # one clause, two facts: neither rule fits
]


@pytest.mark.parametrize(("text", "planted"), STATEMENTS, ids=[s for s, _ in STATEMENTS])
def test_statement_table(text, planted) -> None:
    assert [(fact.key, fact.value) for fact in stated_facts(text)] == planted


#: question → the fact keys it asks for. An empty list: not a question about the user.
QUESTIONS = [
    ("What's my name?", [("name",)]),
    ("Who am I?", [("name",)]),
    ("Where do I live?", [("home", "location")]),
    ("Which city am I in?", [("location", "home")]),
    ("Where am I from?", [("origin",)]),
    ("What is my account number?", [("account number",)]),
    ("What did I say my budget was?", [("budget",)]),
    ("Do you remember my favourite colour?", [("favourite colour",)]),
    ("How many laptops do I have?", [("number of laptop",)]),
    ("When did I buy it?", [("when bought",)]),
    ("When is my birthday?", [("birthday",)]),
    ("What do I prefer?", [("preference",)]),
    ("What don't I like?", [("dislike",)]),
    ("what's my name", [("name",)]),  # no question mark needed
    ("What's my name and where do I live?", [("name",), ("home", "location")]),
    ("Which ids did I give you?", [("identifier",)]),
    # not questions about the user's own facts:
    ("is my name important?", []),
    ("Where is my order ORD-48213?", []),  # a look-up for the order tool
    ("Can you tell me your opening hours?", []),
    ("Do I live in Lisbon?", []),  # yes/no questions are not understood
]


@pytest.mark.parametrize(("text", "keys"), QUESTIONS, ids=[q for q, _ in QUESTIONS])
def test_question_table(text, keys) -> None:
    assert [question.keys for question in questions_in(text)] == keys
