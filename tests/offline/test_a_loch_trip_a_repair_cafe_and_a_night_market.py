"""Chat memory and the instructions' own facts, as outside testers met them this round (in my own words and domains):

- "Actually scrap X, ... Make it Y instead." in one message changes the plan said before, never the sentence that
  scraps X ("scrap Y" was told back); "Where are we going?" is answered by "Let's go to ..." ("going" is "go");
- a question the instructions answer in one sentence that names every thing it asks about is answered by it, with a
  no when the sentence says no ("We don't repair televisions." of "can I bring my television?", "Aprons not
  provided."), a yes when it says the question's own verb ("Bring your own gloves."), and the end of the hours it gives
  when asked when a thing closes ("Night market runs 18:00-22:30."); a question of the user's own ("Which phone do I
  have?") is not answered by the instructions' phone hours;
- of two names of one stem ("Bex", "Bexx"), the statement that says the name as asked answers; a summary corrects
  "4:45pm" when told "5:10 not 4:45" (not another number of the sentence); a result's key that names a state
  ({"free": [...]}) is told as a label ("Free: ..."), not "The free is ...";
- a note reads no setting as an identifier ("string it at A=415" is no "A 415"), applies "it's the 16th of May now, not
  the 9th" to "9 May 2025", holds in an "Email" line only what gives an email ("not stated" else), and fills a JSON
  id key with the code said after its noun ("the job number is JB-2231", "hold HLD-5518"), never a phone number.
"""

from __future__ import annotations

import json

import pytest

from ..helpers import offline_reply as _reply

pytestmark = pytest.mark.usefixtures("api")


def _chat(*said: str) -> list[dict]:
    """A conversation of user messages (and the assistant's "Noted." after each), ending with the last one."""
    turns: list[dict] = []
    for text in said[:-1]:
        turns += [{"role": "user", "content": text}, {"role": "assistant", "content": "Noted."}]
    return [*turns, {"role": "user", "content": said[-1]}]


def test_make_it_instead_changes_the_plan_not_the_sentence_that_scraps() -> None:
    reply = _reply(_chat("Let's go to Coniston on Sunday, we'll take the minibus.",
                         "Actually scrap Coniston, the car park is tiny. Make it Buttermere instead."))
    assert "scrap Buttermere" not in reply
    answer = _reply(_chat("Let's go to Coniston on Sunday, we'll take the minibus.",
                          "Actually scrap Coniston, the car park is tiny. Make it Buttermere instead.",
                          "Where are we going again?"))
    assert "Buttermere" in answer and "Coniston" not in answer


REPAIR_CAFE = ("You answer for the Ashby repair cafe. We mend clocks, radios and kettles. We don't repair televisions. "
               "Aprons not provided. Bring your own apron if you're volunteering. Night market runs 18:00-22:30. "
               "Opening hours: phone Monday to Friday, 9:00 to 17:00.")


@pytest.mark.parametrize(("question", "start"), [
    ("can I bring my television too?", "No: We don't repair televisions."),
    ("are aprons provided?", "No: Aprons not provided."),
])
def test_a_rule_of_the_instructions_answers_yes_or_no(question: str, start: str) -> None:
    assert _reply(question, REPAIR_CAFE).startswith(start)


def test_a_rule_that_says_the_questions_own_verb_is_a_yes() -> None:
    assert _reply("do I need to bring gloves", "Sessions start at 10. Bring your own gloves.") == "Yes: bring your own gloves."


def test_when_a_thing_closes_is_the_end_of_its_hours() -> None:
    assert "22:30" in _reply("what time does the night market close?", REPAIR_CAFE)


def test_a_question_of_the_users_own_is_not_answered_by_the_instructions() -> None:  # (a guard: as before this round)
    assert _reply("Which phone do I have?", REPAIR_CAFE).startswith("I don't know")


def test_a_name_with_a_twin_of_one_stem_is_answered_by_the_statement_that_says_it_as_asked() -> None:
    chat = _chat("Crew list. Bex is Lou Harte, she rows bow, seat weight 58 kg.",
                 "Bexx (double x!) is Tom Ince, he rows stroke, 74 kg.", "What seat weight is Bexx?")
    assert "74" in _reply(chat) and "58" not in _reply(chat)


async def test_a_summary_corrects_a_time_said_with_pm_not_another_number(client) -> None:
    from ..helpers import offline_summarizer, said as conversation

    _, note = await offline_summarizer().summarize(conversation(
        "Ivo is 7 and gets collected at 4:45pm by his gran, Ada.", "Correction - Ivo's collection is 5:10 not 4:45."))
    assert "5:10pm" in note and "4:45pm" not in note and "Ivo is 7" in note


def test_a_result_key_that_names_a_state_is_told_as_a_label() -> None:
    tools = [{"type": "function", "name": "lane_availability", "description": "Free lanes on a date.", "parameters": {
        "type": "object", "properties": {"date": {"type": "string"}}, "required": ["date"]}}]
    turns = [{"role": "user", "content": "which lanes are free on 2025-08-02?"},
             {"type": "function_call", "call_id": "c1", "name": "lane_availability", "arguments": '{"date": "2025-08-02"}'},
             {"type": "function_call_output", "call_id": "c1", "output": '{"free": ["Lane 1 at 07:00", "Lane 4 at 08:30"]}'}]
    reply = _reply(turns, tools=tools)
    assert reply == "Free: Lane 1 at 07:00, Lane 4 at 08:30."


VIOLIN_HIRE = ("USER: Hi, I'm Orla Brennan, I need to hire a cello for a concert on 9 May 2025 at St Aidan's Hall in Ripon.\n"
               "ASSISTANT: Happy to help. We have the Hofner (CL-1120) and the Eastman (CL-3307).\n"
               "USER: The Eastman please. Could you string it at A=415? It's a baroque programme.\n"
               "ASSISTANT: Yes. Your hire reference is CH-44102; the job number is JB-2231, hold HLD-5518.\n"
               "USER: oh wait, sorry, the concert moved - it's the 16th of May now, not the 9th.\n"
               "USER: My mobile is 07700 900731.")


def _note(prompt: str) -> str:
    return _reply(VIOLIN_HIRE, prompt)


def test_a_note_reads_no_setting_as_an_identifier_and_applies_an_ordinal_correction() -> None:
    note = _note("Summarize the hire as bullet points.")
    assert "A 415" not in note and "16 May 2025" in note and "9 May 2025" not in note


def test_a_notes_email_and_phone_lines_hold_only_what_gives_one() -> None:
    note = _note('Fill in each line below (write "not stated" if the conversation does not say):\nCustomer: the '
                 "customer's full name\nPhone: contact number\nEmail: the customer's email address")
    assert "07700 900731" in note.partition("Phone:")[2].partition("Email:")[0]
    assert note.partition("Email:")[2].strip(" -\n") == "not stated"


def test_json_id_keys_take_the_code_said_after_their_noun_never_a_phone() -> None:
    keys = json.loads(_note("Return JSON with the keys customer, job_number, hold_code, phone. Use null for anything not mentioned."))
    assert (keys["job_number"], keys["hold_code"]) == ("JB-2231", "HLD-5518")


# --- review guards: where this round's second reviewer found the new rules reaching too far -----------------------

@pytest.mark.parametrize(("question", "rule"), [
    ("Can I use the kiln?", "Only members can use the kiln."),
    ("Is card accepted?", "Card only at the till."),
])
def test_review_only_is_no_plain_no(question: str, rule: str) -> None:
    assert not _reply(question, f"You run a pottery studio. {rule}").startswith("No")


def test_review_a_rule_of_the_same_verb_still_answers_when_no_sentence_names_the_thing() -> None:
    assert "steel-toe boots" in _reply("Can I wear trainers?", "You run the workshop desk. Wear steel-toe boots in the workshop.")


def test_review_hours_past_midnight_hold_a_time_after_midnight() -> None:
    assert _reply("is the bar open at 01:00?", "The late bar runs 20:00-02:00.").startswith("Yes")


# --- review guards: the review of this round's note and id-key rules ------------------------------------------------

def _json_note(prompt: str, *said: str) -> dict:
    transcript = "\n".join(f"{'USER' if k % 2 == 0 else 'ASSISTANT'}: {line}" for k, line in enumerate(said))
    return json.loads(_reply(transcript, prompt))


def test_review_an_id_said_after_its_noun_stands_however_it_is_grouped() -> None:
    keys = _json_note("Return JSON with the keys holder, sort_code, account_number. Use null for anything not stated.",
                      "I'm Ines Varga. Sort code 40-11-62, account number 7710 2234 81.", "Thanks, Ines.")
    assert (keys["sort_code"], keys["account_number"]) == ("40-11-62", "7710 2234 81")
    assert _json_note("Return JSON with the keys patient, patient_id.", "My name is Ines Varga, NHS number 485 777 3456.",
                      "Thanks.")["patient_id"] == "485 777 3456"
    assert _json_note("Return JSON with the keys name, phone_no.", "Hi, Bo Lind here, my number is 07700 900555.",
                      "Thanks, Bo.")["phone_no"] == "07700 900555"


def test_review_a_correction_into_another_month_writes_no_day_of_the_old_one() -> None:
    reply = _reply("USER: The fitting is on 30 June.\nASSISTANT: Noted.\nUSER: Actually the 2nd of July, not the 30th.",
                   "Summarize the booking as bullet points.")
    assert "2 June" not in reply


def test_review_a_phone_heading_of_a_repair_holds_the_handset() -> None:
    reply = _reply("USER: Hi, I'm Tove Berg. My Pixel 6 won't charge.\nASSISTANT: Have you tried another cable?\n"
                   "USER: Yes, two cables.", "Repair note:\n## Customer\n## Phone\n## Fault")
    assert "Pixel 6" in reply.partition("## Phone")[2]


def test_two_questions_joined_by_and_without_a_question_mark_are_each_answered() -> None:
    reply = _reply(_chat("Hi, I'm Radka Novak.", "how much is the annual fee and whats my name"), "The annual fee is £35.")
    assert "£35" in reply and "Radka" in reply


def test_review_a_corrected_time_keeps_one_am_or_pm() -> None:
    reply = _reply(_chat("Supper with Ilse at 6:30pm.", "It's 7pm now, not 6:30.", "What time is supper?"))
    assert "7pmpm" not in reply and "7pm" in reply
