"""Plain chat typed the everyday way: lowercase, no apostrophes, no question marks, corrections, follow-ups.

"whats my name" asks as "What's my name?" does, "i dont eat pork" says "don't", and "am i allergic to anything"
is a question. Sentences, people and domains are our own, driven through the SDK with a session, as a
learner's own chat agent would be.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, SQLiteSession

from memlab import LLMSummarizer, SummarizingSession, TrimmingSession

pytestmark = pytest.mark.usefixtures("api")


async def chat(turns: list[str], session=None, instructions: str = "You are a helpful assistant.") -> list[str]:
    """The agent's reply to each turn, one session for all of them."""
    agent, session = Agent(name="Pal", instructions=instructions), session or SQLiteSession("everyday")
    return [str((await Runner.run(agent, turn, session=session)).final_output) for turn in turns]


async def test_questions_typed_without_apostrophes_or_question_marks_are_answered():
    *_, name, where, who = await chat(["hi im Priya", "my brother Sanjay lives in Pune", "my boss is called Ines",
                                       "whats my name", "wheres my brother living", "whos my boss"])
    assert "Priya" in name and not name.startswith("Noted"), name
    assert "Pune" in where and not where.startswith("Noted"), where
    assert "Ines" in who and not who.startswith("Noted"), who


async def test_negations_typed_without_apostrophes_answer_no():
    replies = await chat(["i dont eat pork", "i havent got a car", "im not a fan of opera",
                          "do i eat pork", "do i have a car", "am i a fan of opera"], TrimmingSession("t", max_turns=6))
    told, (pork, car, opera) = replies[:3], replies[3:]
    assert told == ["Noted: you don't eat pork.", "Noted: you haven't got a car.", "Noted: you're not a fan of opera."]
    assert pork.startswith("No") and car.startswith("No") and opera.startswith("No"), (pork, car, opera)


async def test_am_i_opens_a_question():
    noted, answer = await chat(["i'm allergic to penicillin", "am i allergic to anything"])
    assert "penicillin" in answer and not answer.startswith("Noted"), answer
    noted, answer = await chat(["I'm booked on the 6:40 train to Bristol", "am i on the early train"],
                               SQLiteSession("train"))
    assert "6:40" in answer and not answer.startswith("Noted"), answer


async def test_not_this_but_that_corrects_the_latest_statement_holding_the_old_value():
    *_, noted, answer = await chat(["I'm staying at the Park Hyatt.", "No wait, not the Park Hyatt but the Hotel Gracery.",
                                    "Where am I staying?"])
    assert noted == "Noted: you're staying at the Hotel Gracery." and "Gracery" in answer and "Hyatt" not in answer
    *_, answer = await chat(["our standup is at 9:15", "not 9:15 but 9:45", "when's standup"], SQLiteSession("standup"))
    assert "9:45" in answer and "9:15" not in answer, answer
    *_, answer = await chat(["My favourite band is Blur.", "hmm not Blur but Pulp", "which band do i like best?"],
                            TrimmingSession("band", max_turns=3))
    assert "Pulp" in answer and "Blur" not in answer, answer
    *_, answer = await chat(["My favourite food is sushi.", "not sushi but ramen, sushi is second",
                             "remind me what my favorite food is"], SQLiteSession("ramen"))
    assert answer == "You told me: your favourite food is ramen.", answer  # the new value ends at the comma


async def test_a_sentence_opening_with_she_or_he_is_about_the_relative_just_named():
    *_, age, instrument, likes, name = await chat([
        "My daughter's name is Emma.", "She's 9 and plays the violin.", "My son Noah is 12.", "He plays chess.",
        "How old is Emma?", "What does my daughter play?", "what does noah play", "whats my son's name"])
    assert "9" in age and "12" not in age, age
    assert "violin" in instrument, instrument
    assert "chess" in likes, likes
    assert "Noah" in name, name  # of equals, the sentence that names him, not "He plays chess."
    *_, named, kids = await chat(["My brother Luca lives in Milan.", "He has two kids.", "what's my brother's name?",
                                  "how many kids does luca have?"], SQLiteSession("luca"))
    assert "Luca" in named and "two kids" in kids, (named, kids)
    *_, called, team = await chat(["my nephew has a match on saturday", "his name is Kofi", "he plays for Hilltop FC",
                                   "whats my nephew called", "which team is my nephew on"], SQLiteSession("nephew"))
    assert "Kofi" in called and "Hilltop" in team, (called, team)
    # a later fact about her does not answer "when": the date does ("the 14th of may")
    *_, when = await chat(["my mum's birthday is on the 14th of may", "she's turning 65", "when is mums bday"])
    assert "14th of may" in when and "65" not in when, when
    *_, when = await chat(["My grandpa's anniversary is on the 3rd of june.", "He's been married 50 years.",
                           "when is grandpa's anniversary?"], TrimmingSession("gp", max_turns=5))
    assert "3rd of june" in when, when


async def test_small_talk_is_answered_not_noted():
    replies = await chat(["yo", "ok cool", "okay", "hiya", "yeah sure"])
    assert not any(reply.startswith("Noted") for reply in replies), replies
    assert replies[0].startswith("Hello") and replies[3].startswith("Hello"), replies


async def test_what_days_is_answered_by_the_days_told():
    *_, days = await chat(["my gym is PureGym on King St", "i go on mondays and thursdays",
                          "what days do i go to the gym"])
    assert "mondays and thursdays" in days, days
    *_, days = await chat(["I'm in a choir.", "I volunteer at the food bank on Wednesdays.", "which days do I volunteer?"],
                          SQLiteSession("volunteer"))
    assert "Wednesdays" in days, days


async def test_a_summary_prompt_naming_no_sections_keeps_what_the_user_told(client):
    """"Summarize the conversation so far." of a plain chat: the user's facts that are no problem, step or
    identifier are kept too (the SummarizingSession answers from them once the turns are gone)."""
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=LLMSummarizer(
        client, model="gpt-4.1-mini", prompt="Summarize the conversation so far. Keep every fact the user told."))
    *_, due, plan = await chat([
        "hi im Ken, i'm a chef in Osaka", "my wife Yumi is expecting our first baby in august",
        "we're thinking of the name Hana if it's a girl", "i'm allergic to shellfish",
        "i want to open my own restaurant in 2027", "my budget for that is about 80k",
        "when is the baby due", "when do i want to open my restaurant"], session)
    assert "august" in due, due
    assert "2027" in plan, plan
    note = (await client.responses.create(model="gpt-4.1-mini", instructions="Sum up this chat for my records.", input=(
        "USER: My sister Lena moved to Porto in May.\nASSISTANT: Noted.\nUSER: She works as a vet there.\n"
        "ASSISTANT: Noted.\nUSER: I'll visit her on the 2nd of October."))).output_text
    assert "Porto" in note and "vet" in note and "2nd of October" in note, note


async def test_what_the_user_says_of_the_assistant_is_told_back_from_its_side():
    replies = await chat(["i'll call you Jarvis", "Let's role-play: you are my French teacher.",
                          "I'd rather you text me than call.", "your name is Max from now on"])
    assert replies == ["Noted: you'll call me Jarvis.", "Noted: let's role-play: I am your French teacher.",
                       "Noted: you'd rather I text you than call.", "Noted: my name is Max from now on."], replies


async def test_wheres_and_whens_ask_where_and_when():
    *_, where, when = await chat(["we're getting married on 20 september 2026", "the venue is Hartley Barn",
                                  "where's the wedding", "when's the wedding"])
    assert "Hartley Barn" in where, where
    assert "20 september 2026" in when, when
    *_, where = await chat(["My niece's party is at the Lido.", "where's the party?"], SQLiteSession("party"))
    assert "Lido" in where, where
    *_, unknown = await chat(["I like jazz.", "where's the nearest pharmacy?"], SQLiteSession("pharmacy"))
    assert unknown.startswith("I don't know"), unknown  # a question it cannot answer, not "I can't do that"


async def test_the_user_is_a_name_in_the_instructions_answers_whats_my_name():
    name, = await chat(["whats my name"], instructions="You are a study buddy. The user is Ana, a medical student.")
    assert "Ana" in name, name
    name, = await chat(["What's my name?"], SQLiteSession("gym"),
                       instructions="You coach at a gym. The client is Tomasz, a beginner who trains twice a week.")
    assert "Tomasz" in name, name


async def test_memlabs_own_summary_prompt_keeps_the_facts_of_a_chat_reporting_no_problem(client):
    """memlab's prompt is written for support; a plain chat's facts about the user go under its context section
    ("Product and environment") rather than nowhere, so the session still answers from its note."""
    session = SummarizingSession(keep_last_n_turns=2, context_limit=4,
                                 summarizer=LLMSummarizer(client, model="gpt-4.1-mini"))
    *_, brother, name, veggie = await chat([
        "hi there, i'm Sofia", "my brother Marco lives in Turin", "i've got a dentist appointment on friday at 3pm",
        "i'm vegetarian btw", "my cat is called Pepper", "i run 5k every morning", "where does my brother live?",
        "what's my name?", "am i vegetarian?"], session)
    assert "Turin" in brother, brother
    assert "Sofia" in name, name
    assert "vegetarian" in veggie, veggie


async def test_a_yes_no_question_is_settled_by_the_clause_about_its_subject():
    *_, beagle, breed = await chat(["Bruno is a boxer and Lola is a beagle", "is bruno a beagle?", "what breed is lola"])
    assert not beagle.startswith("Yes"), beagle
    assert "beagle" in breed, breed
    *_, tom, eva = await chat(["My sister Eva is a nurse and my brother Tom is a pilot.", "is tom a nurse?",
                               "is eva a nurse?"], SQLiteSession("siblings"))
    assert not tom.startswith("Yes"), tom
    assert eva.startswith("Yes"), eva
    *_, leeds, lives = await chat(["i'm from Ghana originally but live in Leeds now", "am i from leeds?",
                                   "do i live in leeds?"], SQLiteSession("leeds"))
    assert not leeds.startswith("Yes"), leeds  # the clause holding Leeds does not say "from"
    assert lives.startswith("Yes"), lives


async def test_what_do_you_know_about_me_lists_what_the_user_told():
    *_, known, last = await chat(["my name is Joe", "i live in Cork", "i'm a carpenter", "what do you know about me?",
                                  "what did i just say?"])
    assert known == "You told me: your name is Joe; you live in Cork; you're a carpenter.", known
    assert "carpenter" in last and "Cork" not in last, last
    *_, told = await chat(["I'm training for the Dublin marathon.", "My coach is Aoife.", "what have I told you so far?"],
                          TrimmingSession("coach", max_turns=5))
    assert "Dublin marathon" in told and "Aoife" in told, told


async def test_how_long_until_a_date_told_gives_the_date_and_says_why_it_cannot_count():
    *_, until = await chat(["my exam is on 3 March", "how long until my exam?"])
    assert until == "You told me: your exam is on 3 March. I can't count the days: I don't know today's date.", until
    *_, days = await chat(["we're getting married on 20 september 2026", "how many days till the wedding"],
                          SQLiteSession("wedding"))
    assert "20 september 2026" in days and "today's date" in days, days


async def test_a_name_the_user_gives_the_assistant_answers_whats_your_name():
    *_, name = await chat(["call yourself Juniper from now on", "what's your name?"])
    assert name == "I'm Juniper.", name
    *_, name, mine = await chat(["I'm Priya.", "i'll call you Jarvis", "who are you?", "what's my name?"],
                                SQLiteSession("jarvis"), instructions="You are Nova, a cheerful fitness coach.")
    assert "Jarvis" in name and "Nova" not in name, name
    assert "Priya" in mine and "Jarvis" not in mine, mine


async def test_we_in_a_sentence_about_the_users_family_is_told_back_as_you():
    noted, = await chat(["my husband is called tom and we have two kids"])
    assert noted == "Noted: your husband is called tom and you have two kids.", noted
    noted, = await chat(["I moved to Ghent in May and we love it."], SQLiteSession("ghent"))
    assert noted == "Noted: you moved to Ghent in May and you love it.", noted


async def test_a_correction_about_her_replaces_what_was_said_of_her():
    *_, where = await chat(["My sister lives in Lyon.", "scratch that, she lives in Nice", "where does my sister live?"])
    assert "Nice" in where and "Lyon" not in where, where
    *_, job = await chat(["my dad works as a baker", "actually no, he works as a chef now", "what does my dad do for a living"],
                         TrimmingSession("dad", max_turns=4))
    assert "chef" in job, job


async def test_who_am_i_inside_a_longer_question_does_not_ask_for_the_name():
    *_, who, name = await chat(["my name's Orla", "i'm travelling with my partner Sean", "who am i travelling with",
                                "who am i?"])
    assert "Sean" in who, who
    assert "Orla" in name, name
    *_, who = await chat(["I'm Dev.", "I'm having dinner with my aunt Rosa tonight.", "Who am I having dinner with?"],
                         SQLiteSession("dinner"))
    assert "Rosa" in who, who


async def test_an_order_to_the_assistant_is_told_back_as_what_it_will_do_and_call_me_back_names_no_one():
    replies = await chat(["call yourself Juniper from now on", "be brief", "never mention the weather",
                          "call me back tomorrow", "what's my name?"])
    assert replies[:3] == ["Noted: I will call myself Juniper from now on.", "Noted: I will be brief.",
                           "Noted: I will never mention the weather."], replies
    assert replies[3].startswith("I can't do that"), replies[3]  # it has no tool to call anyone back with
    assert replies[4].startswith("I don't know"), replies[4]  # "call me back" gave no name
