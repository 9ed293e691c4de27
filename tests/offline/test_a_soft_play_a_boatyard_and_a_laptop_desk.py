"""The instructions' own facts and a few replies, as outside testers met them this round (in my own words and domains):

- "X may not Y" (must not, cannot) is a rule against Y: "I'm pregnant, can I go on the slide?" of "Pregnant visitors
  may not use the slide." is a "No", before another sentence that shares a word; "my son turns 9" is his age;
- "my sink is leaking, who do I call?" is answered by the one number whose words are kin of the message's; "is crane C
  working" is answered by the sentence of crane C; "what's the yearly price?" by the sentence of an amount; "Can I borrow a
  kayak?" by "Loan kayaks ...";
- "make that the 14th" is never written into a phone number in a note;
- a message of no words ("?") is asked about, never taken for a goodbye.
"""

from __future__ import annotations

import pytest

from ..helpers import offline_reply as _reply

pytestmark = pytest.mark.usefixtures("api")

SOFT_PLAY = "Jumble Jungle soft play. Under-5s must have an adult with them. Pregnant visitors may not use the big slide."


def test_may_not_is_a_rule_against_what_it_names() -> None:
    assert _reply("I'm 6 months pregnant, can I go on the big slide with my daughter?", SOFT_PLAY) == (
        'No: my instructions say "Pregnant visitors may not use the big slide."')


def test_turns_gives_an_age() -> None:
    assert _reply("do you do birthday sessions for kids? my son turns 9", "Laser arena. Minimum age 12. Groups of 6 to 20.") == (
        "No: the minimum age is 12.")


BOATYARD = ("Harbour boatyard desk. Out-of-hours engineer number: 01632 960 118. Crane C is being serviced until 9 May. "
            "Winter storage is £40 a month or £400 a year. Loan kayaks from the blue shed.")


def test_who_do_i_call_is_answered_by_the_number_whose_words_are_kin() -> None:
    assert _reply("my bilge pump has failed and the boat is leaking, who do I call??", BOATYARD) == (
        "Out-of-hours engineer number: 01632 960 118.")


def test_a_letter_that_names_a_crane_finds_its_sentence() -> None:
    assert _reply("is crane C working", BOATYARD) == "Crane C is being serviced until 9 May."


def test_a_price_question_is_answered_by_the_sentence_of_an_amount() -> None:
    assert _reply("what's the yearly price for storage?", BOATYARD) == "Winter storage is £40 a month or £400 a year."


def test_a_verb_asked_finds_its_kin() -> None:
    assert _reply("Can I borrow a kayak for an hour?", BOATYARD) == "Loan kayaks from the blue shed."


def test_a_days_correction_is_never_written_into_a_phone_number() -> None:
    transcript = ("USER: I'm Rhys Vale, phone 07700 900333. can I launch on the 13th?\nASSISTANT: Booked for the 13th.\n"
                  "USER: actually make that the 14th\nASSISTANT: Moved to the 14th.")
    note = _reply(transcript, "Summarise with these headings:\n## Name and phone\n## Launch day")
    assert "phone 07700 900333" in note


def test_a_message_of_no_words_is_asked_about() -> None:
    assert _reply("?", "You help at the boatyard desk.") == "What would you like to ask? Your message had no words in it."
