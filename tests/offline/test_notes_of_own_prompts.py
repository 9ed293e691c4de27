"""Notes asked for in a learner's own words, over conversations of any domain.

A report, a file note or a handover asked for without the word "summary" is a note, not a refusal; a pasted
transcript whose lines name their speakers ("Interviewer:", "Aisha:") is read as a conversation; sections written as
bold lines are the note's sections; a short note fills its budget with what was said, each fact once; an answer
to a question goes where the question's words put it; and a JSON note summarized again keeps its keys.
"""

from __future__ import annotations

import json

import pytest
from agents import Agent, Runner

from memlab import SummarizingSession
from tests.helpers import offline_summarizer

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
INTERVIEW = [
    ("user", "Hello, I'm Tom Becker and I'm applying for the senior backend engineer role."),
    ("assistant", "Welcome Tom. Tell me about your experience."),
    ("user", "I spent six years at Flowbank building payment APIs in Go, and I led a team of four engineers."),
    ("assistant", "Any weaknesses?"),
    ("user", "I have little experience with Kubernetes; we used Nomad."),
    ("assistant", "Thanks Tom. Your expected salary?"),
    ("user", "Around 95,000 euros, and I can start on 1 June."),
]
TRAVEL = [
    ("user", "Hi, I'd like to book a trip to Lisbon for two adults, me and my husband Karl."),
    ("assistant", "Happy to help! What dates are you thinking of?"),
    ("user", "We want to leave from Munich on 12 May and come back on 19 May."),
    ("assistant", "Hotel Memmo Alfama has accessible rooms at 165 euros a night. Shall I hold it?"),
    ("user", "Yes please hold it, but don't pay yet. My name is Sofia Lindqvist."),
    ("assistant", "Done: the room is on hold under Sofia Lindqvist until 5 April, reference HLD-7741."),
]


async def note(client, instructions: str, conversation) -> str:
    items = [{"role": role, "content": text} for role, text in conversation]
    response = await client.responses.create(model=MODEL, instructions=instructions, input=items)
    return response.output_text


@pytest.mark.parametrize(("conversation", "instructions", "wanted"), [
    (INTERVIEW, "Write a report on this interview for the hiring manager in at most 60 words.", ["Tom Becker"]),
    (TRAVEL, "You write a booking file note from a travel agency chat. Use these sections:\n\nTravelers:\n"
             "    who is travelling\nOpen items:\n    anything not yet done", ["Travelers:", "Karl", "Open items:"]),
    (TRAVEL, "Produce a handover for the next agent with:\n1. **Traveler** – name\n2. **To do** – what is left",
     ["Traveler:", "Sofia Lindqvist", "To do:"]),
])
async def test_a_report_or_handover_asked_without_the_word_summary_is_a_note(client, conversation, instructions,
                                                                            wanted) -> None:
    text = await note(client, instructions, conversation)
    assert not text.startswith(("I can't", "Noted")), text
    assert all(piece in text for piece in wanted), text


@pytest.mark.parametrize(("transcript", "keys", "expected"), [
    ("Interviewer: Thanks for coming in, Aisha. Which role are you applying for?\n"
     "Aisha: The product designer position. I have four years at Canva.\n"
     "Interviewer: When could you start?\nAisha: In six weeks, on 3 November.",
     "role, start_date", {"role": "The product designer position", "start_date": "3 November"}),
    ("Doctor: Good morning. What brings you in today?\nPatient: I've had a sore throat since Friday.\n"
     "Doctor: Any fever?\nPatient: Yes, 38.5 last night. My name is Jonas Weber.",
     "patient_name, complaint", {"patient_name": "Jonas Weber", "complaint": "I've had a sore throat since Friday"}),
])
async def test_a_transcript_whose_lines_name_two_speakers_is_read_as_a_conversation(client, transcript, keys,
                                                                                  expected) -> None:
    response = await client.responses.create(model=MODEL, instructions=f"Return JSON with the keys {keys}.",
                                             input=transcript)
    assert json.loads(response.output_text) == expected


DOCTOR = [
    ("user", "Hi, I'm Maria Kovacs, 54. I've had a dull pain in my lower back for three weeks."),
    ("assistant", "I'm sorry to hear that. Have you taken anything for it?"),
    ("user", "I take ibuprofen 400 mg twice a day."),
    ("assistant", "Any allergies to medicines?"),
    ("user", "Yes, penicillin gives me a rash."),
    ("assistant", "I'll book you an MRI of the lumbar spine and a follow-up with Dr. Osei on 14 March."),
]
RENTAL = [  # the same shapes in other words: a flat hunt
    ("user", "Hello, my name is Ines Duarte and I'm looking for a two-bedroom flat in Porto."),
    ("assistant", "Lovely. What's your monthly budget?"),
    ("user", "Around 1,200 euros, bills included if possible."),
    ("assistant", "Do you have any pets?"),
    ("user", "Yes, a small cat called Miso."),
    ("assistant", "I'll send you three listings by Friday."),
]


@pytest.mark.parametrize(("conversation", "instructions", "expected"), [
    (DOCTOR, "Summarize the intake for the physician using these sections:\n\n**Patient**\n**Presenting complaint**\n"
             "**Current medications**\n**Allergies**\n**Plan**",
     {"Patient": "Maria Kovacs", "Presenting complaint": "dull pain", "Current medications": "ibuprofen 400 mg",
      "Allergies": "penicillin", "Plan": "MRI"}),
    (INTERVIEW, "Write an interview summary with these sections:\n**Candidate**\n**Salary**\n**Weaknesses**",
     {"Candidate": "Tom Becker", "Salary": "95,000 euros", "Weaknesses": "Kubernetes"}),
    (RENTAL, "Summarize the chat.\n\n**Client**\n**Budget**\n**Pets**\n**Next step**",
     {"Client": "Ines Duarte", "Budget": "1,200 euros", "Pets": "Miso", "Next step": "three listings"}),
])
async def test_bold_lines_are_sections_and_an_answer_goes_where_its_question_puts_it(client, conversation,
                                                                                   instructions, expected) -> None:
    text = await note(client, instructions, conversation)
    headings = [line.strip("*").rstrip(":") for line in text.splitlines() if line.endswith((":", ":**"))]
    assert headings == list(expected), text  # in bold, as the prompt writes them
    for heading, fact in expected.items():
        assert fact in text.split(f"**{heading}:**\n", 1)[1].split("\n\n", 1)[0], (heading, text)


DUNGEON = [
    ("user", "Okay party, last time you were in the Sunken Library. Thorin, what do you do?"),
    ("assistant", "Thorin searches the bookshelves for the map of the Ashen Pass."),
    ("user", "You find the map tucked in a tome, and a silver key."),
    ("assistant", "Elira casts detect magic on the silver key."),
    ("user", "The key glows faintly with abjuration magic. Two ghouls burst through the door!"),
    ("assistant", "We take a short rest and then follow the ghoul to the crypt."),
    ("user", "The second ghoul flees north toward the crypt. Elira is at 6 hit points."),
]


@pytest.mark.parametrize(("conversation", "instructions", "count", "wanted"), [
    (DUNGEON, "Recap the session in 5 bullet points.", 5, ["silver key", "ghouls"]),
    (INTERVIEW, "Summarize the interview in 4 bullet points.", 4, ["Flowbank", "Kubernetes"]),
])
async def test_a_short_note_gives_as_many_facts_as_asked_each_once(client, conversation, instructions, count,
                                                                    wanted) -> None:
    text = await note(client, instructions, conversation)
    lines = [line.removeprefix("- ").lower() for line in text.splitlines()]
    assert len(lines) == count and all(piece in text for piece in wanted), text
    assert not any(a != b and a in b for a in lines for b in lines), text  # no line repeats a part of another


async def test_a_note_within_a_word_budget_keeps_what_was_said_until_it_is_full(client) -> None:
    turns = [("user", "I'm interviewing for the data analyst role; my name is Lena Park."),
             ("user", "I know SQL, Python and Tableau."), ("user", "My notice period is two months."),
             ("user", "I'd like to work remotely on Fridays.")]
    conversation = [part for turn in turns for part in (turn, ("assistant", "Noted."))]
    text = await note(client, "Summarize the conversation in at most 50 words.", conversation)
    assert "notice period is two months" in text and "SQL, Python and Tableau" in text, text
    assert len(text.split()) <= 50, text


@pytest.mark.parametrize(("keys", "turns", "question", "fact"), [
    ("character, quest, gold", ["My character is Vex, a tiefling warlock.", "We accept the quest to find the miller.",
                                "Vex now has 40 gold.", "We head to the mill at dawn."], "What's my character?", "Vex"),
    ("name, role, salary", ["My name is Lena Park.", "I'm applying for the data analyst role.",
                            "My salary expectation is 70,000 euros.", "I can start in May."], "What's my name?",
     "Lena Park"),
])
async def test_a_json_note_summarized_again_keeps_its_keys_flat(keys, turns, question, fact) -> None:
    summarizer = offline_summarizer(prompt=f"Return JSON with the keys {keys}.")
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=summarizer)
    agent = Agent(name="Helper", instructions="You are a helpful assistant.")
    for turn in turns:
        await Runner.run(agent, turn, session=session)
    for _ in range(2):  # asked again after the note was summarized once more
        answer = (await Runner.run(agent, question, session=session)).final_output
        assert fact in answer and "{" not in answer, answer
    note = json.loads(session.summary_text)
    assert list(note) == keys.split(", ") and fact in note.values(), note
    assert not any("{" in value for value in note.values()), note


REVIEW = [
    ("user", "Can you review PR #482? It adds retry logic to the upload client."),
    ("assistant", "The retry loop has no backoff, and the test test_upload_retries sleeps for real."),
    ("user", "Fair. I'll add exponential backoff starting at 200 ms."),
    ("assistant", "Good. Approve after that."),
    ("user", "I'll also mock time.sleep in my test."),
]


@pytest.mark.parametrize(("conversation", "instructions", "wanted"), [
    (INTERVIEW, "Summarize the interview with these sections:\n**Candidate**\n**Weaknesses**\n"
                "**Compensation**\nWrite it as a report in the third person.",
     ["Tom Becker", "has little experience with Kubernetes", "95,000 euros"]),
    (REVIEW, "Write a report of the code review for the team lead. Do not write in the first person.\n\n"
             "## Retry logic\n## Backoff\n## Tests", ["They'll add exponential backoff", "their test"]),
])
async def test_a_report_in_the_third_person_tells_the_users_words_of_them(client, conversation, instructions,
                                                                          wanted) -> None:
    text = await note(client, instructions, conversation)
    assert all(piece in text for piece in wanted), text
    assert not any(word in text.replace("'", " ").split() for word in ("I", "my")), text


@pytest.mark.parametrize(("conversation", "instructions", "keys"), [
    (TRAVEL, "Summarize the booking chat as JSON with these keys:\n- travelers\n- dates\n- hotel\n",
     ["travelers", "dates", "hotel"]),
    (INTERVIEW, "Return a JSON object. Use the following fields:\n* candidate: full name\n* salary: expected salary\n"
                "* weaknesses: what they lack\n\nKeep values short.", ["candidate", "salary", "weaknesses"]),
])
async def test_json_keys_listed_a_line_each_are_the_keys(client, conversation, instructions, keys) -> None:
    text = await note(client, instructions, conversation)
    assert list(json.loads(text)) == keys, text


@pytest.mark.parametrize(("conversation", "instructions", "count", "most"), [
    (DUNGEON, "Give me a recap of the session in 4 bullet points, each under 15 words.", 4, 15),
    (INTERVIEW, "Summarize the interview in 3 bullet points. Each point: at most 20 words.", 3, 20),
])
async def test_a_budget_for_each_point_is_not_one_for_the_whole_note(client, conversation, instructions, count,
                                                                   most) -> None:
    lines = (await note(client, instructions, conversation)).splitlines()
    assert len(lines) == count and all(len(line.split()) <= most + 1 for line in lines), lines


@pytest.mark.parametrize(("transcript", "instructions", "expected"), [
    ("Priya: The launch of the mobile app is planned for 14 October.\n"
     "Marcus: Backend is ready, but the payments SDK still fails on Android 12.\n"
     "Marcus: I'll patch it by Friday.\nLena: Marketing needs final screenshots by 7 October.",
     "Write meeting minutes.\n## Action items\n## Risks",
     {"## Action items": ["patch it by Friday", "screenshots by 7 October"], "## Risks": ["fails on Android 12"]}),
    ("Ms Hale: The school trip to the science museum is on 3 May.\n"
     "Mr Osei: The coach company has not confirmed the booking yet, that worries me.\n"
     "Ms Hale: I'll send the consent forms by Monday.\nMr Osei: We need two more parent volunteers before April 20.",
     "Summarize the staff meeting.\n\n## Action points\n## Concerns",
     {"## Action points": ["consent forms by Monday", "volunteers before April 20"],
      "## Concerns": ["not confirmed the booking"]}),
])
async def test_action_items_hold_what_someone_still_has_to_do_and_risks_the_problems(client, transcript, instructions,
                                                                                    expected) -> None:
    response = await client.responses.create(model=MODEL, instructions=instructions, input=transcript)
    text = response.output_text
    for heading, facts in expected.items():
        body = text.split(heading, 1)[1].split("\n\n", 1)[0]
        assert all(fact in body for fact in facts), (heading, text)


@pytest.mark.parametrize(("prompt", "turns", "question", "told"), [
    ("Summarize for the next clinician.\n## Patient\n## Symptoms\n## Allergies",
     ["Hi, I'm Jonas Weber, 41 years old.", "I've had headaches every afternoon for two weeks.",
      "I'm allergic to sulfa drugs.", "Is it okay to drink coffee?", "Thanks."],
     "What drug am I allergic to?", "you're allergic to sulfa drugs"),
    ("Write a handover note for the next agent.\n## Tenant\n## Issue",
     ["Hi, my name is Chloe Martin.", "I live in flat 7A and my kitchen tap is leaking.", "It started on Monday.",
      "Thanks!"], "Which flat do I live in?", "you live in flat 7A"),
])
async def test_recall_from_a_note_tells_the_users_words_back_to_them(prompt, turns, question, told) -> None:
    session = SummarizingSession(keep_last_n_turns=1, context_limit=2, summarizer=offline_summarizer(prompt=prompt))
    agent = Agent(name="Helper", instructions="You are a helpful assistant.")
    for turn in turns:
        await Runner.run(agent, turn, session=session)
    answer = (await Runner.run(agent, question, session=session)).final_output
    words = answer.removeprefix("From my notes:").split()
    assert answer.startswith("From my notes") and told in answer and "I'm" not in words and "my" not in words, answer


async def test_two_sections_named_in_a_sentence_with_and_are_the_sections() -> None:
    agent = Agent(name="Minutes", instructions="You write meeting notes for the team. Use the sections ## Decisions "
                                               "and ## Action items.")
    meeting = ("Notes please:\nAnna: We ship v2 on 9 June.\nBen: I'll write the release blog post by 5 June.\n"
               "Anna: Carla will update the docs.\nBen: Agreed, and QA signs off on 8 June.")
    text = (await Runner.run(agent, meeting)).final_output
    assert text.startswith("## Decisions\n") and "\n## Action items\n" in text, text
    assert all(fact in text.split("## Action items")[1] for fact in ("blog post by 5 June", "Carla will update")), text


async def test_availability_holds_when_someone_is_available(client) -> None:
    conversation = [("user", "My name is Omar Haddad."), ("assistant", "Noted."),
                    ("user", "I'm available from 1 September."), ("assistant", "Thanks.")]
    text = await note(client, "Summarize the chat with the sections Candidate and Availability.", conversation)
    assert text.split("Availability:\n", 1)[1].startswith("- I'm available from 1 September."), text


@pytest.mark.parametrize(("said", "kept", "dropped"), [
    ("My rent this month will be four days late, I'll pay on the 5th.", [], ["5th"]),
    ("My invoice INV-2231 is due on the 21st, and the plumber comes at 10am.", ["INV-2231"], ["21st", "10am"]),
    ("I want a 4-star hotel for my 6-year-old son, booking BK-7741.", ["BK-7741"], ["4-star", "6-year-old"]),
    ("We cut p99 latency in order 55821.", ["55821"], ["p99"]),
])
async def test_a_day_a_time_or_a_size_is_no_identifier(client, said, kept, dropped) -> None:
    conversation = [("user", "Hi, this is Ahmed from flat 3B."), ("assistant", "Hello Ahmed."), ("user", said)]
    text = await note(client, "Write a handover note for the next agent.", conversation)
    ids = text.split("Identifiers:\n", 1)[1].split("\n\n", 1)[0]
    assert all(v in ids for v in kept) and not any(v in ids for v in dropped), text


@pytest.mark.parametrize(("conversation", "instructions", "heading", "fact"), [
    ([("user", "Hi, I'm Jonas Weber, 41 years old."), ("assistant", "What brings you in?"),
      ("user", "I've had headaches every afternoon for two weeks.")],
     "Summarize the intake.\n## Patient\n## Symptoms", "## Symptoms", "headaches every afternoon"),
    ([("user", "Hello, my name is Sara Lind."), ("assistant", "How can I help?"),
      ("user", "I'd like to renew my passport before July.")],
     "Summarize the chat.\n## Citizen\n## Request", "## Request", "renew my passport"),
])
async def test_an_introduction_is_not_the_problem_or_request(client, conversation, instructions, heading,
                                                             fact) -> None:
    text = await note(client, instructions, conversation)
    body = text.split(heading + "\n", 1)[1].split("\n\n", 1)[0]
    assert fact in body and "I'm" not in body and "my name" not in body, text


@pytest.mark.parametrize(("conversation", "instructions", "expected", "not_in"), [
    ([("user", "Hi, I'm calling about my dog Biscuit, a 6-year-old beagle."), ("assistant", "What's the problem?"),
      ("user", "He's been limping on his front left paw since Tuesday, he won't go on walks."),
      ("assistant", "Let's book an X-ray on Thursday at 3pm. Any medication so far?"), ("user", "No, nothing yet.")],
     "Summarize the call for the vet.\n## Symptoms\n## Appointment",
     {"## Symptoms": "limping", "## Appointment": "X-ray on Thursday at 3pm"}, "No, nothing yet"),
    ([("user", "Hello, I'd like a haircut, my fringe is far too long and it doesn't sit right."),
      ("assistant", "Let's book you in on Saturday at 11am with Mia. Any allergies to hair products?"),
      ("user", "No, none that I know of.")],
     "Write a handover note for the next receptionist.\n## Problem\n## Appointment",
     {"## Problem": "fringe is far too long", "## Appointment": "Saturday at 11am"}, "none that I know of"),
])
async def test_an_agents_plan_fills_its_heading_and_a_plain_no_is_no_problem(client, conversation, instructions,
                                                                            expected, not_in) -> None:
    text = await note(client, instructions, conversation)
    for heading, fact in expected.items():
        body = text.split(heading + "\n", 1)[1].split("\n\n", 1)[0]
        assert fact in body and not_in not in body, (heading, text)


@pytest.mark.parametrize(("conversation", "key", "date"), [
    (TRAVEL, "departure_date", "12 May"),
    ([("user", "I accept the offer, and I can start on 1 June."), ("assistant", "Great. Please sign the contract "
      "by 30 April."), ("user", "Will do.")], "start_date", "1 June"),
])
async def test_a_date_key_takes_the_date_of_what_it_names(client, conversation, key, date) -> None:
    text = await note(client, f"Return JSON with the keys name, {key}.", conversation)
    assert json.loads(text)[key] == date, text


@pytest.mark.parametrize(("said", "question", "told"), [
    ("I sent the form back and was promised an answer by Friday.", "What was I promised?", "and were promised"),
    ("I moved to Leeds in May and was offered a job at the library.", "What job was I offered?", "and were offered"),
])
async def test_what_the_user_said_is_told_back_with_its_verbs_agreeing(client, said, question, told) -> None:
    conversation = [("user", said), ("assistant", "Noted."), ("user", question)]
    text = await note(client, "You are a helpful assistant.", conversation)
    assert told in text and "you" in text.lower(), text
