"""Memory and prompts, as outside testers met them this round (in my own words and domains):

- a task and its text sent in one message ("Classify this ticket as ...\\n\\nTicket: ...", "Rewrite this note ...:
  \\"...\\"") is read as a developer sends them apart: the label, an honest refusal, a count of a quoted word; a choice
  asked of the text ("Is this review positive, negative or mixed?") picks one; a summary prompt before a
  "Transcript:" label keeps its own "Customer: ..." line and leaks no "Transcript" section;
- a section for an email or a phone holds only a sentence that gives one (else none); "number of passengers" is a
  count, not an identifier; a date asked "(after any change)" is the latest; "two columns, Field and Value, and these
  rows: ..." is a table of rows;
- a correction naming someone else ("Correction: Hanna Pryce is 66 kg") changes nothing said of a like-named person
  ("Hannah Price, 61 kg"), and a summary applies it to the sentence whose "64kg" it denies;
- "the tiler moved to Friday 7th Feb" rewrites "Thursday 6 Feb" whole; "Make it 3 fork seals" rewrites "2x fork seals";
- "Which day did we settle on?" asks the day as it stands; "the points set part number" is the points set's number;
- "what's my locker number again? and the code?" answers both; "Thanks. Anything else?" is thanks; "can we do
  sunday instead?" is a change noted; "Tobias is left-handed. does that matter? just note it." notes it; "How many
  people in total incl adults?" is the total;
- the review guards (``test_review_*``): what the second to fifth reviews of this round found the new rules
  overreaching.
"""

from __future__ import annotations

import pytest

from memlab.offline.api import OfflineAPI

pytestmark = pytest.mark.usefixtures("api")


def _reply(message: str | list[dict], instructions: str = "", **body: object) -> str:
    """The offline model's reply to one message (or a conversation)."""
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": instructions, "input": message, **body})
    return response["output"][-1]["content"][0]["text"]


def _chat(*said: str, instructions: str = "") -> str:
    """The reply to the last of ``said``, the user's messages, each answered "Noted." before the next."""
    items: list[dict] = []
    for text in said:
        items += [{"role": "user", "content": text}, {"role": "assistant", "content": "Noted."}]
    return _reply(items[:-1], instructions)


def test_a_task_and_its_text_in_one_message_are_read_apart() -> None:
    ticket = ('Classify this enquiry as exactly one of: refund, delivery, product, other.\n\n'
              'Enquiry: "the kettle arrived dented and I want my money back"')
    assert _reply(ticket) == "refund"
    assert _reply('Is this review positive, negative or mixed? Reply with one word.\n"The soup was lovely but the '
                  'service was slow and rude."') == "mixed"
    assert _reply('Rewrite this message to my landlord so it sounds calmer: "The boiler is broken AGAIN. Fix it."'
                  ).startswith("I can't do that")
    assert _reply("Count how many times the word 'blue' appears in this line: \"Blue sky, blue sea and a blue boat "
                  "on a grey day.\"") == "'blue' appears 3 times."


TRANSCRIPT = ("USER: Hi, I'm Ines Duarte, booking ref KY-2210 for the sea kayak tour on 9 August, 4 people.\n"
              "ASSISTANT: I can see KY-2210 for 9 August, 4 people.\n"
              "USER: Sorry, correction - we're only 3 now.\n"
              "ASSISTANT: Done: KY-2210 is now 3 people on 16 August.\n"
              "USER: my mobile is 07700 900311 if the guide needs me")

FORM = ("Fill these lines from the conversation.\n"
        "Customer: full name of the customer\n"
        "Date: the date of the tour (after any change)\n"
        "Party size: number of people now\n"
        "Email: the customer's email, or none")


def test_a_summary_prompt_before_a_transcript_label_keeps_its_lines() -> None:
    note = _reply(f"{FORM}\n\nTranscript:\n{TRANSCRIPT}")
    assert note.startswith("Customer:") and "Ines Duarte" in note
    assert "Transcript" not in note and note == _reply(TRANSCRIPT, FORM)


def test_a_form_holds_the_latest_date_a_count_and_no_email_unsaid() -> None:
    note = _reply(TRANSCRIPT, FORM)
    date, party, email = (note.split(f"{label}:")[1].split("\n\n")[0] for label in ("Date", "Party size", "Email"))
    assert "16 August" in date and "9 August" not in date
    assert "3 people" in party.splitlines()[1] and "4 people" not in party
    assert "07700" not in email and "none" in email.lower()


def test_two_columns_named_with_and_make_a_table_of_rows() -> None:
    prompt = ("Write a markdown table with two columns, Field and Value, and exactly these rows in this order: Name, "
              "Reference, Phone.")
    table = _reply(TRANSCRIPT, prompt)
    assert table.splitlines()[0] == "| Field | Value |"
    assert [row.split("|")[1].strip() for row in table.splitlines()[2:]] == ["Name", "Reference", "Phone"]


CREW = ["Bow is Hannah Price, 61 kg.", "Seat 2 is Hanna Pryce, 64kg.", "The cox is Sam Wu, 52 kg.",
        "Correction: Hanna Pryce is 66 kg not 64."]


def test_a_correction_of_one_person_is_no_correction_of_a_like_named_one() -> None:
    assert _chat(*CREW, "What does Hannah Price weigh?") == "You told me: Bow is Hannah Price, 61 kg."
    assert _chat(*CREW, "Who is the cox?") == "You told me: the cox is Sam Wu, 52 kg."
    note = _reply([{"role": "user", "content": text} for text in CREW], "Summarize the crew list as bullets.")
    assert "Hanna Pryce, 66kg" in note and "Sam Wu, 66" not in note and "Hannah Price, 66" not in note


def test_a_moved_date_and_a_changed_count_are_rewritten_whole() -> None:
    assert _reply([{"role": "user", "content": "Sparky is Ola on Monday 3 March; plasterer is Ben on Wednesday 5 March."},
                   {"role": "assistant", "content": "Noted."},
                   {"role": "user", "content": "Oh wait, the plasterer moved to Thursday 6th March."}]) == (
        "Noted: Sparky is Ola on Monday 3 March; plasterer is Ben on Thursday 6th March.")
    said = ["I need the brake cable and 2x chain links CL-220.", "Make it 4 chain links, I want spares."]
    assert _chat(*said, "How many chain links am I getting?") == (
        "You told me: you need the brake cable and 4x chain links CL-220.")


def test_a_day_settled_on_and_a_part_number() -> None:
    plans = ["Let's hold the quiz on Tuesday 7 October.", "No wait, make it Wednesday 8 October.",
             "Argh, sorry, back to Tuesday 7 October after all."]
    assert _chat(*plans, "Which day did we settle on?") == "You told me: back to Tuesday 7 October after all."
    assert "4471-02" in _chat("Correction: the bottom bracket number is 4471-02, typo before.",
                              "what's the bottom bracket part number?")


def test_a_short_second_question_thanks_a_proposal_and_a_note() -> None:
    assert _chat("my bike lock number is 88 and the code is 3-0-7", "what's my bike lock number again? and the code?") == (
        "You told me: your bike lock number is 88. You told me: the code is 3-0-7.")
    assert _reply("Thanks. Anything else?", "You book pottery classes.") == "You're welcome! There's nothing else I need from you."
    assert _chat("Book the wheel class for Friday 10 May, 2 people.", "hmm, scrap friday, can we do saturday 11 may instead?") == (
        "Noted: saturday 11 may instead.")
    assert _reply("Mira is allergic to latex. does that matter? just note it.", "You book pottery classes.") == (
        "Noted: Mira is allergic to latex. I can't tell whether that matters from what I was sent.")


def test_review_short_day_words_that_are_other_words_answer_no_day() -> None:
    for said, asked in (("The dog sat by the stove all evening.", "What happened on Saturday?"),
                        ("Sun was too strong for the seedlings.", "What happened on Sunday?"),
                        ("They wed in 2004 and moved to Galway.", "What happened on Wednesday?")):
        assert _chat(said, asked).startswith("I don't know"), said


def test_review_an_opening_verb_is_no_task_without_a_text_it_is_about() -> None:
    assert "E204" in _reply("Sort out the radiator please.\n\nIt has been cold since Tuesday and shows error E204.")
    assert "Friday" in _reply("Reply to Omar for me.\n\nHe asked if I can make lunch on Friday; I can.")
    assert _reply("Should I pack the tent or the bivvy for the walk?\n\nThe forecast is dry, 8 degrees.").startswith(
        "I don't know")  # (a choice of things, not of a text's label)
    assert _reply("Is the following message urgent or not urgent?\n\nThe freezer alarm is going off, come now.") in (
        "urgent", "not urgent")


def test_review_a_count_task_is_no_refusal_and_a_phone_section_holds_a_short_number() -> None:
    assert "can't do that" not in _reply("I keep 4 hens.", "Count the hens the user mentions and reply with the number.")
    said = [{"role": "user", "content": "I'm Ola, email ola@x.org."}, {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Best phone me on 555-0188."}, {"role": "assistant", "content": "Noted."}]
    note = _reply(said, "Summarize with sections: Email, Phone.")
    assert "555-0188" in note.split("Phone:")[1] and "555-0188" not in note.split("Phone:")[0]


def test_review_a_date_after_any_change_is_not_another_things_date() -> None:
    said = [{"role": "user", "content": "Quiz night on 4 March at the Anchor."}, {"role": "assistant", "content": "Ok."},
            {"role": "user", "content": "My brother's birthday is 11 March, unrelated."},
            {"role": "assistant", "content": "Noted."}]
    assert "4 March" in _reply(said, "Summarize with sections:\nFinal date: (after any change)\nVenue: where")


def test_review_a_real_question_with_instead_is_no_change_noted() -> None:
    assert not _chat("Book the wheel class for Friday 10 May.",
                     "can we do saturday instead, or is that not allowed?").startswith("Noted")
    assert not _reply("can we do a picnic instead?", "You plan outings.").startswith("Noted")


def test_review_an_age_limit_of_one_thing_is_not_of_a_family_one() -> None:
    told = "The paddling pool is family-friendly. Climbing tower: minimum age 10."
    assert not _reply("my son is 6, can he use the paddling pool?", told).startswith("No")


def test_review_a_phone_section_holds_a_phone_not_an_order_number() -> None:
    said = [{"role": "user", "content": "My order 4417285 hasn't arrived and the number of boxes was wrong."},
            {"role": "assistant", "content": "Noted."}, {"role": "user", "content": "Ring me on 07700 914 382."},
            {"role": "assistant", "content": "Noted."}]
    phone = _reply(said, "Summarize with sections: Phone, Problem.").split("Phone:")[1].split("Problem:")[0]
    assert "07700 914 382" in phone and "4417285" not in phone


def test_review_a_proposal_with_instead_after_a_plan_is_noted() -> None:
    assert _chat("Lunch on 3 May, let's have curry.", "Can we do tapas instead?") == "Noted: tapas instead."
    assert _chat("The hall is booked for 10 July.", "Could we have it on 12 July instead?") == "Noted: on 12 July instead."


def test_review_a_text_to_rewrite_is_never_thanks_and_an_extraction_keeps_its_text() -> None:
    assert _reply("Rewrite this message to be friendlier:\n\nsend the invoice today. thanks").startswith("I can't do that")
    assert "ana@x.org" in _reply("Extract the email addresses from this text:\n\nWrite to ana@x.org or bo@y.com.")


def test_review_a_choice_of_tone_follows_the_words_of_praise() -> None:
    assert _reply("This is the best pie I've ever had!", "Is this review positive, negative or neutral?") == "positive"
    assert _reply("Thank you so much for the fast repair!", "Classify this message as complaint, praise or question.") == (
        "praise")
    assert _reply("Which restaurant did we go with?", "") .startswith("I don't know")


def test_review_writing_in_english_is_no_translation_and_a_chosen_date_keeps_its_verb() -> None:
    assert "can't translate" not in _reply("Write a short note in English to my landlord about the boiler.")
    assert _chat("Dates: 4 July or 11 July.", "We agreed on 11 July.", "Which date did we agree on?") == (
        "You told me: you agreed on 11 July.")


def test_review_a_phone_said_at_a_sentence_end_and_a_date_moved_of_another_thing() -> None:
    said = [{"role": "user", "content": "I'm Tove, tove@x.se."}, {"role": "assistant", "content": "Noted."},
            {"role": "user", "content": "Best to reach me on 07700 900812."}, {"role": "assistant", "content": "Noted."}]
    assert "07700 900812" in _reply(said, "Summarize with sections: Email, Phone.").split("Phone:")[1]
    party = [{"role": "user", "content": "Cheese tasting on 3 May for 8 guests."}, {"role": "assistant", "content": "Noted."},
             {"role": "user", "content": "We move house on 15 May so keep it quiet."}]
    assert "3 May" in _reply(party, "Summarize with sections:\nTasting date (after any change):\nGuests:").split("Guests")[0]
    moved = [{"role": "user", "content": "A table for 4 on 12 June please."}, {"role": "assistant", "content": "Booked for 12 June."},
             {"role": "user", "content": "Actually can we move it to 14 June?"}, {"role": "assistant", "content": "Moved to 14 June."}]
    assert "14 June" in _reply(moved, "Summarize.\n## Booking date (after any change)\n## Party size").split("Party")[0]


def test_review_a_question_with_instead_and_or_is_a_question() -> None:
    assert not _chat("Dinner on 4 May at 7.", "can we do Friday instead or does it have to be Thursday?").startswith("Noted")
    assert _chat("Dinner on 4 May at 7.", "Can we go instead?") != "Noted: instead."


def test_review_now_alone_presses_nothing_and_a_quoted_phrase_in_a_language_is_translating() -> None:
    assert _reply("We now have a new winter menu.", "Is the following message urgent or not urgent?") == "not urgent"
    assert "can't translate" in _reply("Write 'good luck' in German")


def test_review_a_day_settled_on_however_asked_and_a_fault_past_its_generic_word() -> None:
    plans = ["Let's meet on Monday 6 October.", "No, make it Tuesday 7 October.", "Sorry, back to Monday 6 October."]
    assert "6 October" in _chat(*plans, "So which day did we settle on?")
    assert "6 October" in _chat(*plans, "What day did we agree on?")
    repair = [{"type": "function", "name": "log_fault", "description": "Log an office fault.", "parameters": {
        "type": "object", "properties": {"device": {"type": "string"}, "issue": {"type": "string"}},
        "required": ["device", "issue"]}}]
    response = OfflineAPI().respond({"model": "gpt-4.1-mini", "instructions": "Use your tools.", "tools": repair,
                                     "input": "log this: there's a problem with the office printer, paper jam"})
    calls = [item for item in response["output"] if item["type"] == "function_call"]
    assert calls and "paper jam" in calls[0]["arguments"]


def test_review_an_age_limit_holds_beside_a_family_cafe_and_names_are_extracted_not_echoed() -> None:
    told = "The cafe is suitable for families. Riders must be aged 12 or over."
    assert _reply("can my 9 year old do the zip ride?", told).startswith("No")
    assert not _reply("Extract the names from this text:\n\nMaya met Ivo and Ruth at the fair.").startswith("Noted")


def test_a_total_asked_with_what_it_includes_is_the_total() -> None:
    assert _chat("Farm visit on 2 April: 30 kids, 5 adults.", "How many people in total incl adults?").startswith("35.")
