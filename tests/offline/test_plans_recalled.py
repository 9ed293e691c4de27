"""A plan the user stated answers the questions a person would ask about it.

"We're taking the train to Ghent on Saturday with my aunt Lotte" answers "when do we leave?", "who is
coming along?" and "where are we headed?", though none of them repeats a word of it: leaving, heading
and coming along are words of travel (the related groups of :data:`memlab.offline.reading.RELATED`), as
flying and driving are. Sentences and people are our own, driven through ``OfflineAPI().respond``.
"""

from __future__ import annotations

from memlab.offline.api import OfflineAPI

MODEL = "gpt-4.1-mini"


def chat(turns: list[str]) -> list[str]:
    """The assistant's reply to each user turn, the whole conversation re-sent each time."""
    api, items, replies = OfflineAPI(), [], []
    for turn in turns:
        items.append({"role": "user", "content": turn})
        output = api.respond({"model": MODEL, "instructions": "You are a helpful assistant.", "input": items})["output"]
        items += output
        replies.append(output[-1]["content"][0]["text"])
    return replies


def test_when_and_who_of_a_flight_are_answered_by_the_flight():
    plan = "I'm flying to Reykjavik on May 14th with my son Arni."
    *_, when, who, departure, allergy = chat([plan, "I'm allergic to penicillin.", "When do I leave?",
                                              "Who is coming with me?", "When is my departure?", "What am I allergic to?"])
    for answer in (when, who, departure):
        assert "Reykjavik on May 14th with your son Arni" in answer, answer
    assert "penicillin" in allergy and "Reykjavik" not in allergy


def test_a_drive_answers_when_where_and_who_and_a_job_stays_the_job():
    *_, when, who, where, job = chat([
        "My cousin Dora and I are driving to Porto next Thursday.", "I work as a plumber.",
        "When are we going?", "Who's joining me on the drive?", "Where are we headed?", "What do I do for work?"])
    for answer in (when, who, where):
        assert "driving to Porto next Thursday" in answer and "plumber" not in answer, answer
    assert "plumber" in job and "Porto" not in job


def test_an_earlier_labelled_line_still_answers_though_its_label_reads_like_a_request():
    """"Name: ..." opens with a word a request may open with ("Name three rivers"); said in an earlier turn, it is a fact."""
    noted, answer = chat(["Name: Tuulikki Rask. Team: payments.", "What's my name?"])
    assert noted.startswith("Noted") and "Tuulikki Rask" in noted, noted  # a label, not "I can't do that"
    assert "Tuulikki Rask" in answer, answer
