"""Structured output and plain replies, as outside testers met them this round (in my own words and domains):

- a list of options nothing names is empty ("no allergies", "hello?"), not the first option; "gluten free" names
  gluten_free and not nut_free by "free"; "nut-free" names nut_free;
- "Sun 7 Sep" is a day, no guest's name ("name Adeyemi" is); "Actually make that the counter" chooses the option said
  after the correction;
- a review that says a thing broke is negative, one that praises and blames is mixed; a score the message gives no
  number for is null when it may be;
- a list of skills is the list the sentence ends with ("... barista - latte art, cupping, roasting"; "experience with
  SQL, Looker and Excel"), never the applicant's name; "10 years experience in midwifery" gives midwifery;
- "due 15.07.2025" is 15 July; "1 l oat milk" is litres; "swap anything that's out of stock" allows substitutes;
- "minor knock ... on High St" is minor (the street's "High" is no severity; an option opening the message is no verb);
- news of a fault or a fine is never "Good to hear".

The ``test_review_*`` tests hold what a review of these rules found them overreaching on.
"""

from __future__ import annotations

import pytest

from ..helpers import offline_form as _parsed
from ..helpers import offline_reply as _reply

pytestmark = pytest.mark.usefixtures("api")

STRING, INTEGER, NUMBER, BOOLEAN = {"type": "string"}, {"type": "integer"}, {"type": "number"}, {"type": "boolean"}


def _object(properties: dict, required: list[str] | None = None) -> dict:
    return {"type": "object", "properties": properties, "required": list(properties) if required is None else required}


TABLE = _object({"guest": STRING, "party_size": INTEGER, "allergies": {"type": "array", "items": {
    "enum": ["gluten_free", "nut_free", "shellfish_free"]}}, "seat": {"enum": ["booth", "counter", "window"]}})


def test_a_list_of_options_nothing_names_is_empty() -> None:
    assert _parsed(TABLE, "Booth for 4 please, name Adeyemi, no allergies")["allergies"] == []
    assert _parsed(TABLE, "hello?")["allergies"] == []


def test_each_option_is_named_by_its_own_word() -> None:
    assert _parsed(TABLE, "Window for 3, name Adeyemi. One of us is gluten free.")["allergies"] == ["gluten_free"]
    assert _parsed(TABLE, "Window for 3, name Adeyemi, nut-free please")["allergies"] == ["nut_free"]


def test_a_short_weekday_before_a_date_is_no_name() -> None:
    assert _parsed(TABLE, "Counter for 2 on Sun 7 Sep 2025 at 8pm, name Adeyemi.")["guest"] == "Adeyemi"


def test_the_option_said_after_a_correction_is_chosen() -> None:
    assert _parsed(TABLE, "Two of us, name Brandt, booth please. Actually make that the counter.")["seat"] == "counter"


REVIEW = _object({"sentiment": {"enum": ["positive", "negative", "neutral", "mixed"]}, "score": {
    "anyOf": [{"type": "integer", "minimum": 1, "maximum": 5}, {"type": "null"}]}}, ["sentiment", "score"])


def test_a_review_that_says_a_thing_broke_is_negative_and_one_of_praise_and_blame_mixed() -> None:
    assert _parsed(REVIEW, "The candle holder broke on day two. Not impressed.")["sentiment"] == "negative"
    assert _parsed(REVIEW, "Delivery was lovely but the scent is awful.")["sentiment"] == "mixed"


def test_a_score_no_number_gives_is_null() -> None:
    assert _parsed(REVIEW, "It's a candle. It burns.")["score"] is None
    assert _parsed(REVIEW, "Lovely candle, 4/5.")["score"] == 4


APPLICANT = _object({"full_name": STRING, "email": STRING, "skills": {"type": "array", "items": STRING}})


def test_skills_are_the_list_the_sentence_ends_with_never_the_name() -> None:
    form = _parsed(APPLICANT, "Hi, I'm Ines Carvalho (ines.c@mail.pt). 6 years as a head barista - latte art, cupping, "
                              "roasting. Happy to move.")
    assert form["skills"] == ["latte art", "cupping", "roasting"]
    form = _parsed(APPLICANT, "Tomas Berg, analyst, four years of experience with SQL, Looker and Excel. tomas@berg.se")
    assert form["skills"] == ["SQL", "Looker", "Excel"]
    assert _parsed(APPLICANT, "I have 10 years experience in midwifery and want a change. - Ruth")["skills"] == ["midwifery"]


def test_a_date_with_dots_is_day_first() -> None:
    bill = _object({"invoice_number": STRING, "due_date": {"type": "string", "format": "date"}})
    assert _parsed(bill, "Invoice 41-K from Holm AB, 640,00 EUR, due 15.07.2025.")["due_date"] == "2025-07-15"


BOX = _object({"lines": {"type": "array", "items": _object({"item": STRING, "quantity": NUMBER, "unit": {
    "enum": ["kg", "g", "l", "ml", "pcs"]}})}, "substitutions_ok": BOOLEAN})


def test_a_litre_written_l_is_litres_and_swapping_allows_substitutes() -> None:
    form = _parsed(BOX, "3 kg carrots, 1 l oat milk and 6 eggs please. Swap anything that's out of stock.")
    assert {line["item"]: line["unit"] for line in form["lines"]}["oat milk"] == "l"
    assert form["substitutions_ok"] is True
    assert _parsed(BOX, "2 l oat milk, no swaps please")["substitutions_ok"] is False


def test_an_option_opening_the_message_is_chosen_not_a_word_of_a_street() -> None:
    crash = _object({"rider_id": STRING, "severity": {"enum": ["minor", "moderate", "severe"]}})
    assert _parsed(crash, "minor knock, courier C-2210, outside the bakery on High St, nobody hurt")["severity"] == "minor"


def test_news_of_a_fault_or_a_fine_is_never_good_to_hear() -> None:
    assert not _reply("back wheel is gone on cargo bike 7, URGENT", "You log courier bike faults.").startswith("Good to hear")
    assert not _reply("I got a fine for stopping outside the depot, it's unfair", "You help couriers.").startswith(
        "Good to hear")


# --- what a review of the rules above found them overreaching on --------------------------------------------------

def test_review_a_word_options_share_names_them_all_when_none_is_named_by_its_own() -> None:
    paint = _object({"colours": {"type": "array", "items": {"enum": ["red", "sky_blue", "navy_blue"]}}})
    assert _parsed(paint, "Any shade of blue is fine")["colours"] == ["sky_blue", "navy_blue"]
    assert _parsed(paint, "Navy blue please")["colours"] == ["navy_blue"]


def test_review_a_correction_chooses_the_last_option_it_does_not_refuse() -> None:
    assert _parsed(TABLE, "Make that the window, not the booth")["seat"] == "window"
    post = _object({"delivery": {"enum": ["standard", "express", "overnight"]}})
    assert _parsed(post, "Actually the overnight one sounds pricey, so standard.")["delivery"] == "standard"


def test_review_tone_words_in_other_senses_are_no_tone() -> None:
    tone = _object({"sentiment": {"enum": ["positive", "negative", "neutral"]}})
    assert _parsed(tone, "Quick question: does it come in green?")["sentiment"] == "neutral"
    assert _parsed(tone, "I'm broke this month but the lamp is excellent")["sentiment"] == "positive"
    assert _parsed(tone, "No faults, nothing defective, very happy.")["sentiment"] == "positive"


def test_review_good_news_of_a_fine_is_still_good_to_hear() -> None:
    assert _reply("The fine was paid and it's all resolved", "You help couriers.").startswith("Good to hear")


def test_review_a_list_no_word_leads_in_is_no_list_of_skills() -> None:
    person = _object({"name": {"type": ["string", "null"]}, "skills": {"type": "array", "items": STRING}})
    assert not {"Aldi", "Tesco"} & set(_parsed(person, "My name is Dev Rao and I've worked at Lidl, Aldi and Tesco.")["skills"])
    assert "a dog" not in _parsed(person, "I'm Sven Holt, I live in Bergen with my wife, two kids and a dog.")["skills"]


def test_review_a_version_with_dots_is_no_date() -> None:
    job = _object({"task": {"type": ["string", "null"]}, "date": {"type": ["string", "null"], "format": "date"}})
    assert _parsed(job, "Install version 10.11.2024.3 tonight")["date"] != "2024-11-10"


def test_review_a_swap_is_kept_whole() -> None:
    dish = _object({"substitutions": {"type": "array", "items": STRING}})
    assert _parsed(dish, "Ramen, swaps: tofu for pork, rice noodles for wheat.")["substitutions"] == [
        "tofu for pork", "rice noodles for wheat"]
