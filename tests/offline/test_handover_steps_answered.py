"""Handover notes from a learner's own summary prompt over a pasted transcript.

A user's yes to the agent's suggestion ("Have you restarted the router?" "Yes, twice.") is that step, done: it goes
under the steps tried (the agent's "your" as "their") and is no longer the next step, a yes to "Did you get...?" is
no step; "Still nothing." is no second problem; an identifier no section
names goes under the person's section; keys listed before a trailing phrase ("..., next_step for this chat") are all
kept; "No, never." reports no problem; a "Struggles" section holds the problems; "Homework" takes the agent's homework;
a next step naming its day ("I'll email it today") takes no date from the sentence before it.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
ROKU = ("User: Hi, I'm Priya. My Roku TV won't connect to wifi since the update yesterday.\n"
        "Assistant: Sorry to hear that. Have you restarted the router?\n"
        "User: Yes, twice. Still nothing. Other devices work fine.\n"
        "Assistant: Please try resetting the network settings on the TV.\n"
        "User: Did that too, no luck. Order number is RK-5521 if that helps.")
PAYSLIP = ("User: Hi, I'm Ravi Patel from logistics. My payslip for March is missing.\n"
           "Assistant: Have you checked your Documents folder in the portal?\n"
           "User: Yes, it's not there.\n"
           "Assistant: Have you tried logging out and back in?\n"
           "User: Did that, still missing. Employee ID E-30917.")
RASH = ("User: Hello, this is Marta Silva. I've had a rash on my arm since Sunday and it hurts.\n"
        "Assistant: Have you tried an antihistamine?\n"
        "User: Yes, I took one last night. It's still itchy.\n"
        "Assistant: Please keep the area dry and apply the cream twice a day.\n"
        "User: Done already, still nothing. My patient number is PT-88213.")


async def note(client, instructions: str, transcript: str) -> str:
    response = await client.responses.create(model=MODEL, instructions=instructions, input=transcript)
    return response.output_text


def sections(text: str) -> dict[str, str]:
    return {part.split("\n", 1)[0].strip("# :"): part.split("\n", 1)[1] for part in text.split("\n\n")}


@pytest.mark.parametrize(("transcript", "headings", "steps", "problem", "person", "ident", "again"), [
    (ROKU, ("Customer", "Problem", "Steps tried", "Next step"),
     ["Restarted the router: Yes, twice.", "Tried resetting the network settings on the TV: Did that too, no luck."],
     "Roku TV won't connect", "Priya", "RK-5521", "network settings"),
    (PAYSLIP, ("Employee", "Problem", "Steps tried", "Next step"),
     ["Checked their Documents folder in the portal: Yes, it's not there.",
      "Tried logging out and back in: Did that, still missing."], "payslip for March is missing", "Ravi Patel",
     "E-30917", "logging out"),
    (RASH, ("Patient", "Complaint", "Already done", "Plan"),
     ["Tried an antihistamine: Yes, I took one last night.",
      "Tried to keep the area dry and apply the cream twice a day: Done already, still nothing."],
     "rash on my arm", "Marta Silva", "PT-88213", "area dry"),
])
async def test_a_yes_to_the_agents_suggestion_is_a_step_tried_not_the_next_step(client, transcript, headings, steps,
                                                                                 problem, person, ident, again) -> None:
    prompt = ("You are a handover summarizer. Summarize the conversation below for the next agent.\n"
              "Use exactly these sections:\n" + "\n".join(f"## {h}" for h in headings) + "\nBe brief; use bullets.")
    for text in (await note(client, prompt, transcript),
                 (await client.chat.completions.create(model=MODEL, messages=[
                     {"role": "system", "content": prompt}, {"role": "user", "content": transcript}])
                  ).choices[0].message.content):
        got = sections(text)
        assert got[headings[2]].splitlines() == [f"- {step}" for step in steps], text
        assert again not in got[headings[3]] and got[headings[3]] != "- none", text  # not a step already tried
        assert problem in got[headings[1]] and "nothing" not in got[headings[1]].lower(), text  # "Still nothing."
        assert person in got[headings[0]] and ident in got[headings[0]], text


@pytest.mark.parametrize(("transcript", "problem"), [
    ("User: My car makes a grinding noise when braking.\nAssistant: Have you had the brake pads replaced recently?\n"
     "User: No, never.\nAssistant: Did you check the tyre pressure?\nUser: Not yet.", "grinding noise"),
    ("User: My parcel PX-4410 never arrived.\nAssistant: Did you get a delivery notice?\nUser: Yes, it says delivered.\n"
     "Assistant: Have you asked your neighbours?\nUser: No, not yet.", "never arrived"),
])
async def test_a_no_to_the_agents_question_is_no_step_and_no_problem(client, transcript, problem) -> None:
    text = await note(client, "Write a brief handover for the service desk.\n## Problem\n## Tried\n## Next", transcript)
    got = sections(text)
    assert got["Tried"] == "- none" and got["Problem"].splitlines() == [f"- {transcript[6:].split(chr(10))[0]}"], text


@pytest.mark.parametrize(("transcript", "promise"), [
    ("User: Hi, my hotel booking HT-7781 shows the wrong dates.\n"
     "Assistant: I've changed it to 4 to 6 May. I'll email the new confirmation today.",
     "I'll email the new confirmation today."),
    ("User: I need to move my dental check-up.\n"
     "Assistant: I moved your appointment to 12 June. We'll text you the details tomorrow.",
     "We'll text you the details tomorrow."),
])
async def test_a_next_step_with_its_own_day_takes_no_date_from_the_sentence_before(client, transcript, promise) -> None:
    text = await note(client, "Summarize for the next agent.\n## Problem\n## Done\n## Next step", transcript)
    assert sections(text)["Next step"] == f"- {promise}", text


@pytest.mark.parametrize(("prompt", "keys"), [
    ("Return JSON with the keys customer, problem, steps_tried, next_step for this support chat.",
     ["customer", "problem", "steps_tried", "next_step"]),
    ("Reply in JSON with the fields guest, request and status from the conversation above.",
     ["guest", "request", "status"]),
])
async def test_json_keys_listed_before_a_trailing_phrase_are_all_kept(client, prompt, keys) -> None:
    text = await note(client, prompt, "User: Hi, I'm Omar. My e-bike battery won't charge.\n"
                                      "Assistant: Have you tried another outlet?\nUser: Yes, same thing.\n"
                                      "Assistant: I'll send a new charger tomorrow.")
    assert list(json.loads(text)) == keys, text


@pytest.mark.parametrize(("transcript", "struggle", "homework"), [
    ("User: Hi, I'm Leo, year 9. I don't get how to simplify fractions.\n"
     "Assistant: Try dividing both numbers by 2 until you can't.\nUser: Done, 12/16 is 3/4!\n"
     "Assistant: Great. For homework do worksheet 4B.", "simplify fractions", "worksheet 4B"),
    ("User: I'm Sara. I keep mixing up the past tenses in Spanish.\n"
     "Assistant: Let's practise with ten sentences.\nUser: OK.\n"
     "Assistant: Your homework is exercise 12 on page 40.", "past tenses", "exercise 12"),
])
async def test_struggles_hold_the_problem_and_homework_the_agents_homework(client, transcript, struggle,
                                                                           homework) -> None:
    text = await note(client, "Write session notes for the next tutor.\n## Student\n## Struggles\n## Homework",
                      transcript)
    got = sections(text)
    assert struggle in got["Struggles"] and homework in got["Homework"], text
