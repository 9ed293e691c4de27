"""Structured output that reasons or reads roles: an equation asked of a steps-and-answer schema is solved in steps
("how can I solve 8x + 7 = -23": final answer "x = -3.75"), ...

The schemas and sentences are our own, shaped like the ones in OpenAI's guides and the Agents SDK's examples.
"""

from __future__ import annotations

import pytest
from agents import Agent, Runner, function_tool
from pydantic import BaseModel

pytestmark = pytest.mark.usefixtures("api")


async def run(output_type, message: str, instructions: str = "Extract the information."):
    agent = Agent(name="Reader", instructions=instructions, output_type=output_type)
    return (await Runner.run(agent, message)).final_output


class Step(BaseModel):
    explanation: str
    output: str


class MathReasoning(BaseModel):
    steps: list[Step]
    final_answer: str


class Numbered(BaseModel):
    step_number: int
    description: str
    equation: str


class Solution(BaseModel):
    steps: list[Numbered]
    solution: str


class Working(BaseModel):
    steps: list[str]
    result: float


async def test_an_equation_asked_of_a_reasoning_schema_is_solved_in_steps() -> None:
    tutor = "You are a helpful math tutor. Guide the user through the solution step by step."
    solved = await run(MathReasoning, "how can I solve 8x + 7 = -23", tutor)
    assert solved == MathReasoning(steps=[
        Step(explanation="Move the x terms to the left side and the numbers to the right", output="8x = -30"),
        Step(explanation="Divide both sides by 8", output="x = -3.75")], final_answer="x = -3.75")
    solved = await run(MathReasoning, "Solve 3y - 4 = 11 please", tutor)
    assert (solved.final_answer, solved.steps[-1].output) == ("y = 5", "y = 5")
    worked = await run(Working, "What is n if 5 - n = 2?", "Work it out.")
    assert worked == Working(steps=["Move the n terms to the left side and the numbers to the right: -n = -3",
                                    "Divide both sides by -1: n = 3"], result=3)
    worked = await run(Solution, "Solve 4x - 6 = 10", "You are a math tutor.")
    assert worked == Solution(steps=[
        Numbered(step_number=1, description="Move the x terms to the left side and the numbers to the right",
                 equation="4x = 16"),
        Numbered(step_number=2, description="Divide both sides by 4", equation="x = 4")], solution="x = 4")


class Incident(BaseModel):
    report_id: str
    summary: str


class ReportData(BaseModel):
    short_summary: str
    markdown_report: str
    follow_up_questions: list[str]


WRITER = ("You are a senior researcher tasked with writing a cohesive report for a research query. You will be provided "
          "with the original query, and some initial research done by a research assistant. The final output should "
          "be in markdown format, and it should be lengthy and detailed.")


async def test_a_report_writer_builds_its_markdown_from_the_labelled_points_sent() -> None:
    report = await run(ReportData, "Original query: Best surfboards for beginners\nSummarized search results: ['Foam "
                                   "boards are forgiving and cheap.', 'Longboards paddle easily and catch small waves.']",
                       WRITER)
    assert report.markdown_report == ("# Best surfboards for beginners\n\n## Summarized search results\n\n"
                                      "- Foam boards are forgiving and cheap.\n"
                                      "- Longboards paddle easily and catch small waves.")
    assert report.short_summary.startswith("Best surfboards for beginners: Foam boards are forgiving")
    assert report.follow_up_questions and all(q.endswith("?") and "surfboards" in q
                                              for q in report.follow_up_questions)
    report = await run(ReportData, "Topic: sourdough starters\nNotes: ['Feed it daily with equal flour and water.']\n"
                                   "Sources: ['a baking forum']", "Write a short report in markdown.")
    assert report.markdown_report == ("# sourdough starters\n\n## Notes\n\n- Feed it daily with equal flour and water."
                                      "\n\n## Sources\n\n- a baking forum")
    assert all(q.endswith("?") for q in report.follow_up_questions)
    incident = await run(Incident, "Report ID: R-77\nIssue: the printer on floor 2 jams", "File the incident.")
    assert incident.report_id == "R-77" and "#" not in incident.summary  # a report's id asks for no report


def rolled(calls: list) -> function_tool:
    @function_tool
    def roll_dice(sides: int, count: int) -> str:
        """Roll dice and return each face and the total."""
        calls.append((count, sides))
        faces = [min(sides, k + 3) for k in range(count)]
        return f"rolled {faces}, total {sum(faces)}"
    return roll_dice


@pytest.mark.parametrize(("message", "count", "sides", "total"), [
    ("roll two d20", 2, 20, 7), ("roll 3d6", 3, 6, 12), ("Roll a d8 for damage", 1, 8, 3),
    ("please roll 2 six-sided dice", 2, 6, 7), ("Roll 4 dice with 10 sides", 4, 10, 18)])
async def test_dice_are_counted_and_sided_as_written_and_the_roll_is_reported(message, count, sides, total) -> None:
    calls: list = []
    agent = Agent(name="Dice", instructions="You roll dice for tabletop games.", tools=[rolled(calls)])
    result = await Runner.run(agent, message)
    assert calls == [(count, sides)]
    assert f"total {total}" in result.final_output


class Opening(BaseModel):
    company: str
    role: str
    location: str


class Signing(BaseModel):
    company: str
    date: str


class Launch(BaseModel):
    product: str
    price: float


class Release(BaseModel):
    company: str
    product: str


@pytest.mark.parametrize(("message", "opening"), [
    ("Acme Corp is hiring a data analyst in Berlin.", Opening(company="Acme Corp", role="data analyst", location="Berlin")),
    ("Hooli is looking for a product manager in Zurich.", Opening(company="Hooli", role="product manager",
                                                                  location="Zurich")),
    ("Initech wants an accountant in Austin", Opening(company="Initech", role="accountant", location="Austin"))])
async def test_a_company_opening_a_sentence_is_the_company_and_whom_it_hires_the_role(message, opening) -> None:
    assert await run(Opening, message) == opening


async def test_a_one_word_company_before_its_verb_is_the_company() -> None:
    assert await run(Signing, "Globex signed the contract on May 3.") == Signing(company="Globex", date="May 3")
    assert (await run(Signing, "Initech closed the deal on June 9.")).company == "Initech"
    assert (await run(Launch, "Sony launched the PS5 Pro at 699 dollars.")).product == "PS5 Pro"  # not its maker
    assert (await run(Launch, "Samsung unveiled the Galaxy S25 for 799 dollars")).product == "Galaxy S25"
    assert await run(Release, "Apple released the Vision Pro in February.") == Release(company="Apple",
                                                                                       product="Vision Pro")


class Result(BaseModel):
    home_team: str
    away_team: str
    home_score: int
    away_score: int


async def test_a_result_written_two_one_gives_each_side_its_score_and_each_team_once() -> None:
    assert await run(Result, "Arsenal beat Chelsea 2-1 at the Emirates") == Result(
        home_team="Arsenal", away_team="Chelsea", home_score=2, away_score=1)
    assert await run(Result, "Porto beat Braga 3-0 on Sunday.") == Result(
        home_team="Porto", away_team="Braga", home_score=3, away_score=0)
    assert await run(Result, "Man City 3 - 1 Liverpool") == Result(
        home_team="Man City", away_team="Liverpool", home_score=3, away_score=1)


class Gathering(BaseModel):
    event_name: str
    date: str
    attendees: int
    budget: float


class Table(BaseModel):
    restaurant: str
    deposit: float
    guests: int


async def test_a_count_of_people_is_the_number_people_guests_or_attendees_follow() -> None:
    assert await run(Gathering, "Annual gala on March 14. We expect 45 people and the budget is $3000.") == Gathering(
        event_name="Annual gala", date="March 14", attendees=45, budget=3000)
    picnic = await run(Gathering, "A $500 budget for the spring picnic on May 2, about 120 guests.")
    assert (picnic.attendees, picnic.budget) == (120, 500)
    table = await run(Table, "Deposit of 50 dollars paid at Luigi's, a party of 6, 6 guests in all", "Fill in the booking.")
    assert (table.deposit, table.guests) == (50, 6)
    table = await run(Table, "Deposit of 80 dollars for Nopa, we are 9 people", "Fill in the booking.")
    assert (table.deposit, table.guests) == (80, 9)


@pytest.mark.parametrize(("message", "result"), [
    ("Lakers 102, Celtics 99 (home: Lakers)", Result(home_team="Lakers", away_team="Celtics", home_score=102,
                                                      away_score=99)),
    ("Celtics 99, Lakers 102 (home: Lakers)", Result(home_team="Lakers", away_team="Celtics", home_score=102,
                                                      away_score=99)),
    ("Rangers 3, Celtic 1. Home: Celtic", Result(home_team="Celtic", away_team="Rangers", home_score=1, away_score=3)),
    ("Final: Bulls 88, Knicks 91", Result(home_team="Bulls", away_team="Knicks", home_score=88, away_score=91))])
async def test_a_score_written_after_each_team_goes_with_that_team(message, result) -> None:
    assert await run(Result, message) == result
