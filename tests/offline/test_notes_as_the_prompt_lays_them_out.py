"""Notes laid out as a learner's own prompt lays them out, over conversations of new domains.

Headings the prompt writes in bold come back in bold; sections listed on one line after a colon or with slashes
("Summarize under: Budget, Dates, Food", "Customer / Problem / Next step") are the note's sections.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.usefixtures("api")

MODEL = "gpt-4.1-mini"
HELPDESK = [
    ("user", "Three problems today: my VPN won't connect, Outlook keeps asking for my password, and the printer jams."),
    ("assistant", "Let's start with the VPN. What error do you see?"),
    ("user", "Error 809. I'm on laptop LT-4471."),
    ("assistant", "I reset your VPN profile. I've opened ticket INC-20931 for the printer with facilities."),
]
BILLING = [
    ("user", "Hi, this is Marta Kowalski. My invoice INV-5521 was charged twice this month."),
    ("assistant", "Sorry Marta. I can see two charges of 49 euros on 2 November."),
    ("user", "I already contacted my bank and they said to ask you."),
    ("assistant", "I've requested a refund of one charge; finance must approve it within 3 business days."),
]
TRIP = [
    ("user", "We're planning a family trip to Kyoto in October, two adults and a 6-year-old."),
    ("assistant", "Great. What's your budget?"),
    ("user", "About 4,000 dollars total. My daughter has a peanut allergy, so restaurants matter."),
    ("assistant", "Ryokan Hanaya is 180 dollars a night and can prepare allergy-safe meals."),
]


async def note(client, instructions: str, conversation) -> str:
    items = [{"role": role, "content": text} for role, text in conversation]
    response = await client.responses.create(model=MODEL, instructions=instructions, input=items)
    return response.output_text


@pytest.mark.parametrize(("conversation", "instructions", "headings"), [
    (BILLING, "Write a handover note in this format:\n**Customer:** <name>\n**Problem:** <one line>\n"
              "**Tried:** <what was tried>\n**Next step:** <one line>", ["Customer", "Problem", "Tried", "Next step"]),
    (HELPDESK, "Write a handover for the next technician. Use exactly these bold headings: **Customer**, **Problem**, "
               "**Tried**, **Next step**.", ["Customer", "Problem", "Tried", "Next step"]),
    (TRIP, "Summarize the chat for my partner with these headings in bold:\n**Who is going**\n**Money**\n**Food**",
     ["Who is going", "Money", "Food"]),
])
async def test_headings_the_prompt_writes_in_bold_come_back_in_bold(client, conversation, instructions,
                                                                    headings) -> None:
    text = await note(client, instructions, conversation)
    starts = [line.split(":**")[0] + ":**" for line in text.splitlines() if line.startswith("**")]
    assert starts == [f"**{heading}:**" for heading in headings], text


@pytest.mark.parametrize(("conversation", "instructions", "headings", "wanted"), [
    (TRIP, "Summarize the planning chat under: Travellers, Budget, Constraints, Open questions.",
     ["Travellers", "Budget", "Constraints", "Open questions"], "4,000 dollars"),
    (HELPDESK, "Write a handover with Customer / Problem / Tried / Next step.",
     ["Customer", "Problem", "Tried", "Next step"], "INC-20931"),
    (BILLING, "Write a progress note: Done so far / Still open / Who asked.", ["Done so far", "Still open", "Who asked"],
     "requested a refund"),
    (TRIP, "Summarize as markdown with ## Party, ## Money, ## Food.", ["## Party", "## Money", "## Food"], "4,000 dollars"),
])
async def test_sections_listed_on_one_line_after_a_colon_or_with_slashes_are_the_sections(client, conversation,
                                                                                          instructions, headings,
                                                                                          wanted) -> None:
    text = await note(client, instructions, conversation)
    found = [line.rstrip(":") for line in text.splitlines() if line and not line.startswith("- ")]
    assert found == headings, text
    assert wanted.lower() in text.lower(), text


DEPOSIT = [
    ("user", "My landlord, Mr. Harlow, is refusing to return my 1,200 pound deposit."),
    ("assistant", "I'm sorry. Was the deposit protected in a scheme?"),
    ("user", "The tenancy started in 2023 at 14 Elm Road, Leeds."),
]
LESSON = [
    ("user", "Our daughter Mila has swimming lessons at the Aquadome pool."),
    ("assistant", "Lovely. How is she doing?"),
    ("user", "She swims 25 metres without stopping now, but is scared of the deep end."),
]


def body(text: str, heading: str) -> str:
    return text.split(heading, 1)[1].split("\n\n", 1)[0]


@pytest.mark.parametrize(("conversation", "instructions", "heading", "facts"), [
    (DEPOSIT, "Write a handover for a colleague with these headings:\n**Client**\n**Issue**\n**Evidence**\n"
              "**Next step**", "**Issue:**", ["1,200 pound deposit", "14 Elm Road"]),
    (LESSON, "Summarize for the coach.\n## Goal\n## Worries", "## Goal", ["Aquadome pool", "25 metres"]),
    (TRIP, "Summarize as markdown with ## Party, ## Money, ## Food.", "## Food", ["peanut allergy"]),
])
async def test_a_fact_sharing_no_word_with_a_heading_goes_under_the_issue_or_a_related_one(client, conversation,
                                                                                          instructions, heading,
                                                                                          facts) -> None:
    text = await note(client, instructions, conversation)
    assert all(fact in body(text, heading) for fact in facts), text


PASTED = ("Summarize this conversation:\nUser: I'm Bob Tran, my laptop LT-9 won't boot since Monday.\n"
          "Assistant: Did you try holding the power button for 30 seconds?\nUser: Yes, still nothing.\n"
          "Assistant: I've opened repair ticket RP-4410.")
PASTED_TOO = ("Can you sum this up for my manager?\n\nCustomer: Our shared drive S: is read-only since the update.\n"
              "Agent: Which office are you in?\nCustomer: Rotterdam, building C.\nAgent: I've escalated it as CHG-7781.")


@pytest.mark.parametrize(("message", "wanted", "unwanted"), [
    (PASTED, ["LT-9 won't boot", "RP-4410"], ["User:", "Assistant:"]),
    (PASTED_TOO, ["read-only", "CHG-7781"], ["Customer:", "Agent:"]),
])
async def test_a_conversation_pasted_with_the_ask_is_summarized_as_a_conversation(client, message, wanted,
                                                                                  unwanted) -> None:
    text = (await client.responses.create(model=MODEL, input=message)).output_text
    assert all(piece in text for piece in wanted) and not any(piece in text for piece in unwanted), text


PROGRESSIVE = """Progressively summarize the lines of conversation provided, adding onto the previous summary \
returning a new summary.

Current summary:
{summary}

New lines of conversation:
{lines}

New summary:"""


@pytest.mark.parametrize(("summary", "lines", "wanted"), [
    ("Priya, a chemistry student, confuses molarity and molality.",
     "Human: My exam is on 14 March and I also struggle with titration curves.\n"
     "AI: Try problems 3 to 7 in chapter 9 before then.", ["molarity", "14 March", "titration", "chapter 9"]),
    ("The human is moving to Porto in May with two cats.",
     "Human: The landlord wants a deposit of 1,800 euros.\nAI: That is two months of rent, which is common there.",
     ["Porto", "two cats", "1,800 euros"]),
])
async def test_a_progressive_summary_adds_the_new_lines_to_the_current_summary_in_prose(client, summary, lines,
                                                                                       wanted) -> None:
    message = PROGRESSIVE.format(summary=summary, lines=lines)
    text = (await client.responses.create(model=MODEL, input=message)).output_text
    assert all(piece in text for piece in wanted), text
    assert not any(mark in text for mark in ("summary:", "Human:", "AI:", "\n- ")), text


async def test_json_keys_written_in_quotes_with_a_note_are_the_bare_keys(client) -> None:
    instructions = 'Summarize as JSON with the keys "issues" (a list), "resolved" (a list) and "next_step".'
    data = __import__("json").loads(await note(client, instructions, HELPDESK))
    assert list(data) == ["issues", "resolved", "next_step"] and isinstance(data["issues"], list), data


@pytest.mark.parametrize(("conversation", "instructions", "wanted"), [
    (TRIP + [("user", "Should we fly into Osaka or Tokyo?"), ("assistant", "Osaka is closer to Kyoto."),
             ("user", "OK. Is the JR pass worth it for us?")],
     "Summarize with the sections: Budget, Open questions.", "Open questions:\n- Is the JR pass worth it for us?"),
    ([("user", "I'm getting a new laptop, LT-5520, on Friday."), ("assistant", "Great, IT will set it up."),
      ("user", "Will my files on the old one be wiped?"),
      ("assistant", "I don't know: nothing in this conversation or in my instructions says, and I can only answer "
                    "from what I was sent."), ("user", "Fine, I'll back them up myself.")],
     "Write notes of this chat.\n## Device\n## Open questions", "- Will my files on the old one be wiped?"),
])
async def test_open_questions_are_the_users_questions_no_reply_answered(client, conversation, instructions,
                                                                         wanted) -> None:
    text = await note(client, instructions, conversation)
    assert text.rsplit("\n\n", 1)[1].endswith(wanted), text  # that one only


@pytest.mark.parametrize(("conversation", "instructions", "wanted"), [
    (TRIP, "Output YAML only, with keys: destination, budget, diet.",
     ["destination: Kyoto", "budget: About 4,000 dollars", "diet: "]),
    (BILLING, "Summarize the call as YAML with the keys customer_name, invoice_number and next_step.",
     ["customer_name: Marta Kowalski", "invoice_number: INV-5521", "next_step: "]),
])
async def test_yaml_with_named_keys_is_one_key_a_line(client, conversation, instructions, wanted) -> None:
    text = await note(client, instructions, conversation)
    lines = text.splitlines()
    assert len(lines) == 3 and all(line.startswith(piece) for line, piece in zip(lines, wanted)), text


@pytest.mark.parametrize(("conversation", "instructions", "tags", "wanted"), [
    (TRIP + [("user", "Should we fly into Osaka or Tokyo?")],
     "Summarize the conversation. Put the output in these XML tags: <facts>...</facts> for established facts and "
     "<open_questions>...</open_questions> for unresolved questions.", ["facts", "open_questions"],
     {"facts": "4,000 dollars", "open_questions": "Osaka or Tokyo?"}),
    (HELPDESK, "You are a summarizer. Respond in this format:\n<summary>\n  <problem></problem>\n  <ticket></ticket>\n"
               "</summary>", ["summary", "problem", "ticket"], {"problem": "VPN won't connect", "ticket": "INC-20931"}),
])
async def test_sections_named_as_xml_tags_come_back_in_those_tags(client, conversation, instructions, tags,
                                                                  wanted) -> None:
    text = await note(client, instructions, conversation)
    opened = [line[1:-1] for line in text.splitlines() if line.startswith("<") and not line.startswith("</")]
    assert opened == tags and all(f"</{tag}>" in text for tag in tags), text
    assert all(fact in text.split(f"<{tag}>", 1)[1].split(f"</{tag}>")[0] for tag, fact in wanted.items()), text


@pytest.mark.parametrize(("conversation", "wanted"), [
    (HELPDESK + [("user", "VPN works now. Outlook still prompts though.")], "Outlook still prompts"),
    ([("user", "Our dishwasher leaves the glasses cloudy and the door squeaks."),
      ("assistant", "Use the rinse aid and oil the hinge."), ("user", "The door is fine now."),
      ("user", "The glasses still come out cloudy.")], "glasses still come out cloudy"),
])
async def test_what_the_user_says_still_happens_is_still_open(client, conversation, wanted) -> None:
    text = await note(client, "Write a progress note: Done so far / Still open.", conversation)
    assert wanted in text.split("Still open:", 1)[1], text


INTAKE = [
    ("user", "Hello, I'm here for intake. My name is Daniel Okafor, born 3 February 1979."),
    ("assistant", "Thanks Daniel. What brings you in today?"),
    ("user", "I've had chest tightness when climbing stairs for about two weeks."),
    ("assistant", "Does anyone in your family have heart disease?"),
    ("user", "My father had a heart attack at 55."),
]
CHECKUP = [
    ("user", "Hi, I am Ana Ruiz, born on 12 July 1990."),
    ("assistant", "What can I do for you?"),
    ("user", "My left knee swells after running."),
    ("user", "My mother and my sister both have rheumatoid arthritis."),
]


@pytest.mark.parametrize(("conversation", "wanted"), [
    (INTAKE, {"Patient": "Daniel Okafor", "Date of birth": "3 February 1979", "Presenting complaint": "chest tightness",
              "Family history": "father had a heart attack"}),
    (CHECKUP, {"Patient": "Ana Ruiz", "Date of birth": "12 July 1990", "Presenting complaint": "knee swells",
               "Family history": "rheumatoid arthritis"}),
])
async def test_an_intake_form_takes_the_complaint_birth_date_and_family_history_from_what_was_said(client, conversation,
                                                                                                  wanted) -> None:
    form = "Summarize the intake for the doctor. Fill in:\n" + "\n".join(f"{field}:" for field in wanted)
    text = await note(client, form, conversation)
    lines = dict(line.split(": ", 1) for line in text.splitlines())
    assert list(lines) == list(wanted) and all(wanted[f] in lines[f] for f in wanted), text
    assert "Okafor" not in lines["Presenting complaint"] and "Ruiz" not in lines["Presenting complaint"], text


@pytest.mark.parametrize("instructions", [
    "Handover format:\n**Customer**: name\n**Problem**: one line\n**Next step**: one line",
    "Summary format:\n**Customer**: who wrote in\n**Problem**: what is wrong\n**Next step**: what happens next",
])
async def test_a_handover_or_summary_format_is_a_note_and_i_dont_know_is_no_problem(client, instructions) -> None:
    conversation = [*DEPOSIT[:1], ("assistant", "Do you know if the deposit was protected?"), ("user", "I don't know.")]
    text = await note(client, instructions, conversation)
    problem = body(text, "**Problem:**")
    assert text.startswith("**Customer:**") and "1,200 pound deposit" in problem and "know" not in problem, text


@pytest.mark.parametrize(("conversation", "instructions", "wanted"), [
    (HELPDESK, "TL;DR of this chat in one line please.", "VPN won't connect"),
    (BILLING, "Give me the gist in one line.", "INV-5521 was charged twice"),
])
async def test_a_summary_in_one_line_is_one_line(client, conversation, instructions, wanted) -> None:
    text = await note(client, instructions, conversation)
    assert "\n" not in text and wanted in text and text.count(". ") == 0, text


@pytest.mark.parametrize(("conversation", "instructions", "key", "wanted"), [
    ([("user", "Hi, I'm Priya, a chemistry student."), ("assistant", "What shall we work on?"),
      ("user", "I keep mixing up molarity and molality.")],
     "Return JSON with keys: student (string), topics (list), next_session (string).", "topics", "molarity"),
    ([("user", "I'm Jonas, I run a bakery in Graz."), ("assistant", "How can I help?"),
      ("user", "Our oven thermostat reads 20 degrees too high.")],
     "Summarize as JSON with the keys owner (a string) and key_points (a list).", "key_points", "thermostat"),
])
async def test_a_json_list_key_that_takes_any_fact_holds_what_the_user_told(client, conversation, instructions, key,
                                                                          wanted) -> None:
    data = __import__("json").loads(await note(client, instructions, conversation))
    assert any(wanted in fact for fact in data[key]), data


@pytest.mark.parametrize(("conversation", "instructions", "header", "wanted"), [
    (HELPDESK, "Summarize the helpdesk session as a markdown table with columns Issue | Status | Action taken.",
     "| Issue | Status | Action taken |", ["VPN won't connect", "INC-20931"]),
    (DEPOSIT, "Summarize this dispute as a table.", "| Section | Details |", ["| Problem |", "1,200 pound deposit"]),
])
async def test_a_summary_asked_as_a_table_is_a_markdown_table(client, conversation, instructions, header,
                                                             wanted) -> None:
    text = await note(client, instructions, conversation)
    lines = text.splitlines()
    assert lines[0] == header and set(lines[1].replace(" ", "")) == {"|", "-"}, text
    assert all(line.startswith("| ") and line.endswith(" |") for line in lines) and all(w in text for w in wanted), text


@pytest.mark.parametrize(("instructions", "headings"), [
    ("Summarize. Use exactly these headings, in this order: Background; Decisions; Next steps.",
     ["Background", "Decisions", "Next steps"]),
    ("Summarize under these headers: 'Budget', 'Food', 'Follow-ups'.", ["Budget", "Food", "Follow-ups"]),
])
async def test_sections_listed_with_semicolons_or_quotes_are_the_bare_names(client, instructions, headings) -> None:
    text = await note(client, instructions, TRIP)
    assert [line.rstrip(":") for line in text.splitlines() if line.endswith(":")] == headings, text


@pytest.mark.parametrize(("conversation", "unwanted"), [
    ([*DEPOSIT[:1], ("assistant", "What does he say?"),
      ("user", "He says the carpet was damaged, but it was already stained when I moved in.")], "carpet"),
    ([("user", "The boiler in our flat has been leaking since we arrived."), ("assistant", "Since when exactly?"),
      ("user", "It was dripping when we signed the lease in May.")], "dripping"),
])
async def test_what_happened_when_someone_did_something_is_no_step_tried(client, conversation, unwanted) -> None:
    text = await note(client, "Summarize using sections: problem, tried, next step", conversation)
    assert unwanted not in body(text, "tried:"), text


@pytest.mark.parametrize(("conversation", "instructions", "headings"), [
    (BILLING, "You are a note taker for a billing team. After each call, produce notes of the call with **Customer**, "
              "**Invoice** and **Next step** as bold headings.", ["Customer", "Invoice", "Next step"]),
    (HELPDESK, "When the chat ends, write a handover with **Caller**, **Faults** and **Promised**.",
     ["Caller", "Faults", "Promised"]),
])
async def test_a_note_asked_after_a_leading_clause_with_bold_names_in_a_sentence(client, conversation, instructions,
                                                                               headings) -> None:
    text = await note(client, instructions, conversation)
    assert [line for line in text.splitlines() if line.startswith("**")] == [f"**{h}:**" for h in headings], text
