"""A SummarizingSession's note keeps what an earlier note held, and a correction replaces the value it corrects.

An outside tester's cheesemaker told twelve facts under ``SummarizingSession(keep_last_n_turns=2, context_limit=4)``.
The first note held the farm, the cave's temperature and the rennet supplier; once "We lost two cows to mastitis"
was said, the next note dropped them all, and "What is the name of our farm?" got "I don't know". A tournament
director's "Actually, the entry fee changed: it is now £20 for adults; juniors stay at £9." was written into "The
entry fee is £18, or £9 for juniors." as "£18, or £20 for juniors".
"""

from __future__ import annotations

import openai
import pytest
from agents import Agent, Runner

from memlab import LLMSummarizer, SummarizingSession

pytestmark = pytest.mark.usefixtures("api")

FARM = ["We run a farm called Wrenfold and make a washed-rind cheese named Bleddyn.",
        "My partner Siân handles the milking; I'm Gareth.", "We milk 36 Jersey cows.",
        "Each batch of Bleddyn uses 480 litres of milk.", "We wash the rinds in cider brine twice a week.",
        "The maturing cave is kept at 12 degrees Celsius.", "Our rennet supplier is Hallam & Daughters in Shrewsbury.",
        "Bleddyn is aged for 9 weeks before sale.", "We sell at Ludlow market every Saturday.",
        "A wheel weighs about 1.8 kg.", "We lost two cows to mastitis this spring, so we now milk 34.",
        "My favourite pairing for Bleddyn is a dry perry."]


async def replay(instructions: str, told: list[str], asked: list[str]) -> tuple[str, list[str]]:
    """The session's note once ``told`` and ``asked`` are said, and the answers to ``asked``."""
    agent = Agent(name="Notes", instructions=instructions)
    async with openai.AsyncOpenAI() as client:
        session = SummarizingSession(keep_last_n_turns=2, context_limit=4, summarizer=LLMSummarizer(client))
        for text in told:
            await Runner.run(agent, text, session=session)
        answers = [str((await Runner.run(agent, q, session=session)).final_output) for q in asked]
        return str((await session.get_items())[1]["content"]), answers


async def test_a_note_written_after_a_problem_keeps_what_the_note_before_held() -> None:
    note, answers = await replay("You keep notes for a farmhouse cheesemaker. Answer only from this chat.", FARM, [
        "What is the name of our farm?", "What temperature is the cave kept at?", "Who supplies our rennet?"])
    for fact in ("Wrenfold", "12 degrees Celsius", "Hallam & Daughters", "mastitis"):
        assert fact in note, (fact, note)
    for answer, fact in zip(answers, ("Wrenfold", "12 degrees", "Hallam & Daughters")):
        assert fact in answer, answer


async def test_a_correction_of_one_fee_is_not_written_into_the_other() -> None:
    note, [adult] = await replay("You help a tournament director. Use only what the director told you.", [
        "The venue is St Aldhelm's parish hall on Cobden Road.", "The entry fee is £18, or £9 for juniors.",
        "The chief arbiter will be Tomasz Wierzbicki.",
        "Actually, the entry fee changed: it is now £20 for adults; juniors stay at £9.", "We will play 7 rounds.",
        "The first prize is £250.", "The hall closes at 19:00 sharp."], ["What is the adult entry fee?"])
    assert "£20 for juniors" not in note and "£20 for adults" in note, note
    assert "£20" in adult, adult


async def test_an_upholsterers_sections_hold_the_chair_and_the_fabric() -> None:
    prompt = "Summarise with sections:\n## Customer\n## Piece of furniture\n## Fabric choice\nBullets."
    told = ["Hi, I'm Orla Brennan and I want a wingback chair reupholstered.",
            "The chair is a 1960s Parker Knoll, oak legs, about 78 cm tall.",
            "I'd like a green velvet, maybe the 'Moss' shade from your swatch book.",
            "How long does a wingback usually take?"]
    items = [item for text in told for item in ({"role": "user", "content": text}, {"role": "assistant", "content": "Noted."})]
    async with openai.AsyncOpenAI() as client:
        note = (await LLMSummarizer(client, prompt=prompt).summarize(items))[1]
    furniture, fabric = note.split("## Piece of furniture")[1].split("## Fabric choice")
    assert "Parker Knoll" in furniture and "1960s" not in note.split("## Piece of furniture")[0], note  # no "chair 1960s" id
    assert "Moss" in fabric, note
