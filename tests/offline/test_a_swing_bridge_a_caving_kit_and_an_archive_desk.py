"""The instructions' own facts, as outside testers met them this round (in my own words and domains):

- a length or a weight over (or under) a limit the instructions give is a "No" ("my barge is 19m, can it pass the
  swing bridge?" of "Vessels over 15 metres cannot pass the swing bridge."; "maximum 120 kg"), and none within it;
- the facts a "You know ...: a, b, c" sentence lists answer a question of them; "what do I need to bring" of a rule
  that says it is answered (though it says "I");
- "Who is ...?" is not answered by a sentence that names no one; a sentence whose commas set off a name is no list
  ("The goose, Dora, pecks.");
- "..., who do I tell" and "..., how much for a new one" ask, without a question mark.
"""

from __future__ import annotations

import pytest

from ..helpers import offline_reply as _reply

pytestmark = pytest.mark.usefixtures("api")

BRIDGE = ("You help boaters on the Tollcross Canal. The swing bridge opens on the hour. Vessels over 15 metres cannot "
          "pass the swing bridge.")
ZIP = "You sell zip-line rides. Rides cost £35. Minimum weight 30 kg, maximum 120 kg."


def test_a_measure_over_a_limit_is_a_no() -> None:
    assert _reply("my barge is 19m, can it pass the swing bridge?", BRIDGE) == (
        "No: Vessels over 15 metres cannot pass the swing bridge.")
    assert _reply("My dad weighs 131kg, can he ride?", ZIP) == "No: the maximum is 120 kg."
    assert _reply("my daughter is 24 kg, can she ride?", ZIP) == "No: the minimum is 30 kg."


def test_a_measure_within_the_limit_is_no_no() -> None:  # (a guard: as before this round)
    assert not _reply("my barge is 12m, can it pass the swing bridge?", BRIDGE).startswith("No")
    assert not _reply("I'm 70 kg, can I ride?", ZIP).startswith("No")


KIT = ("You know the kit list for the Hollowfell pot-holing club: helmet, headtorch with spare battery, wellies, "
       "oversuit. Newcomers get a free oversuit loan.")


def test_the_facts_a_you_know_sentence_lists_answer_a_question_of_them() -> None:
    assert _reply("what kit do I need?", KIT) == ("The kit list for the Hollowfell pot-holing club: helmet, headtorch "
                                                  "with spare battery, wellies, oversuit.")


def test_what_i_need_to_bring_is_answered_by_the_rule_that_says_it() -> None:
    desk = "You run the map library desk. Visitor passes need one photo ID. Gloves must be worn for old maps."
    assert _reply("what ID do I need for a visitor pass?", desk) == "Visitor passes need one photo ID."


def test_who_is_not_answered_by_a_sentence_that_names_no_one() -> None:
    depot = "You run the salt store. The store opens at 06:00. Ring the night line on 0161 555 0199."
    assert _reply("Who is the store manager?", depot).startswith("I don't know")


def test_commas_around_a_name_are_no_list() -> None:
    farm = "You look after the city farm. The goose, Dora, pecks. Sheep are fed at 14:00."
    assert _reply("is it safe to pat dora?", farm) == "The goose, Dora, pecks."


def test_a_question_without_a_question_mark_still_asks() -> None:
    halls = "You run the halls desk. A replacement fob costs £15."
    assert not _reply("I lost my fob last night, how much for a new one", halls).startswith("Noted")
    assert not _reply("my guarantor changed, who do i tell", halls).startswith("Noted")
