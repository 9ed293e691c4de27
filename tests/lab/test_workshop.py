"""WORKSHOP.md: both agendas add up, every block names a section that exists, and the app agrees."""

from __future__ import annotations

import ast
import asyncio
import html
import inspect
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "WORKSHOP.md").read_text()


def agenda(title: str) -> list[dict[str, str]]:
    """The rows of the agenda table under the heading that starts with ``title``."""
    section = GUIDE.split(f"## {title}", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    return [dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")))) for line in lines[2:]]


def minutes(clock: str) -> int:
    hours, mins = clock.split(":")
    return int(hours) * 60 + int(mins)


@pytest.mark.parametrize(("title", "total"), [("Agenda A: 90 minutes", 90), ("Agenda B: 3 hours", 180)])
def test_an_agenda_adds_up_and_its_clock_follows(title, total):
    rows = agenda(title)
    assert sum(int(row["min"]) for row in rows) == total
    clock = 0
    for row in rows:
        assert minutes(row["start"]) == clock, f"{title}: {row['block']} starts at {row['start']}, the blocks before end at {clock}"
        clock += int(row["min"])
    assert f"Total: {total} minutes" in GUIDE


def _headings(notebook: str) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / f"{notebook}.ipynb").read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]


NOTEBOOK = re.compile(r"`(\d\d_[a-z_]+)`")
# After a notebook's name, a reference may hold only its sections in italics, joined by these words;
# anything else ("the prompt's principles") names a section in words that no heading carries.
CONNECTORS = {"through", "and", "whole", "as", "reference"}


def section_references(text: str) -> list[tuple[str, list[str], list[str]]]:
    """``(notebook, sections named, stray words)`` for every notebook the text names.

    A reference runs from the notebook's name to the next one, a ``;``, a ``|``, or the end of a
    sentence; its sections are the italic spans in it (a parenthesis is a note, not a section).
    """
    text = " ".join(text.split())  # a span may wrap over two lines
    found = []
    for match in NOTEBOOK.finditer(text):
        tail = re.split(r"[;|]|\.(?:\s|$)|`\d\d_", text[match.end():], maxsplit=1)[0]
        sections = re.findall(r"\*([^*]+)\*", tail)
        words = re.sub(r"\*[^*]+\*|\([^)]*\)", " ", tail).replace(",", " ").split()
        found.append((match.group(1), sections, [w for w in words if w not in CONNECTORS]))
    return found


def test_section_references_are_parsed_strictly():
    text = "`03_summarizing`, the prompt's principles through *The fidelity gate*; `02_trimming`, *A* through *B* (exercise 2)"
    assert section_references(text) == [
        ("03_summarizing", ["The fidelity gate"], ["the", "prompt's", "principles"]),
        ("02_trimming", ["A", "B"], []),
    ]


def test_every_section_the_agendas_name_exists_in_that_notebook_and_in_order():
    """Both agendas, the 90-minute skip list and the homework list name real headings, and nothing else."""
    agendas = GUIDE[GUIDE.index("## Agenda A"):GUIDE.index("## Questions for the room")]
    for notebook, sections, stray in section_references(agendas):
        assert (ROOT / "notebooks" / f"{notebook}.ipynb").exists(), f"WORKSHOP.md names a notebook that does not exist: {notebook}"
        assert not stray, f"WORKSHOP.md names a section of {notebook} in words, not by its heading: {' '.join(stray)!r}"
        headings = _headings(notebook)
        positions = []
        for section in sections:
            matches = [n for n, heading in enumerate(headings) if heading.startswith(section)]
            assert matches, f"WORKSHOP.md: {notebook} has no section {section!r}"
            positions.append(matches[0])
        assert positions == sorted(positions), f"WORKSHOP.md: the sections of {notebook} are named out of order: {sections}"


def test_the_app_stations_take_the_minutes_the_guide_gives_them():
    cells = json.loads((ROOT / "app" / "workshop.ipynb").read_text())["cells"]
    stations = [re.match(r"## (\d)\. .* — (\d+) minutes", "".join(c["source"])) for c in cells if c["cell_type"] == "markdown"]
    app = {int(m.group(1)): int(m.group(2)) for m in stations if m}
    guide = {int(m.group(1)): int(row["min"]) for row in agenda("Agenda A: 90 minutes")
             if (m := re.match(r"Station (\d)", row["block"]))}
    assert app == guide and len(app) == 4
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and re.match(r"## \d\.", source):
            assert "**Try**" in source and "**Discuss**" in source, f"a station without prompts: {source[:40]!r}"


# ------------------------------------------------------------------ the app's stations show what they promise


def _station(cells: list[dict], number: int) -> tuple[str, str]:
    """The prose of station ``number`` and the code cell that follows it."""
    for index, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith(f"## {number}."):
            return source, "".join(cells[index + 1]["source"])
    raise AssertionError(f"the app has no station {number}")


def _open(code: str, namespace: dict):
    """Run a station's cell as the kernel does (its top-level ``await`` included); the widget its last line shows."""
    ran = eval(compile(code, "<station>", "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT), namespace)
    if inspect.iscoroutine(ran):
        asyncio.run(ran)
    return eval(code.strip().splitlines()[-1], namespace)


@pytest.mark.usefixtures("api")
def test_the_app_stations_open_on_what_their_text_asks_the_room_to_look_at():
    from memlab.scenario import LONG
    from memlab.lab.widgets import clear_replays

    clear_replays()
    cells = json.loads((ROOT / "app" / "workshop.ipynb").read_text())["cells"]
    namespace: dict = {}
    exec("".join(cells[1]["source"]), namespace)  # the app's imports

    text, code = _station(cells, 1)
    trimming = _open(code, namespace)
    assert not trimming.replay.turns.set_index("turn").loc[5, "correct"], "station 1 opens on a ✗ at turn 5"
    raised = int(re.search(r"Raise `max_turns` to (\d+)", text).group(1))
    trimming.max_turns = raised
    assert trimming.replay.turns.set_index("turn").loc[5, "correct"], f"station 1: max_turns={raised} must turn it ✓"

    text, code = _station(cells, 2)
    summarizing = _open(code, namespace)
    assert "the summary pair comes first" in text and "printed in full" in text
    assert list(summarizing.sent["status"][:2]) == ["summary", "summary"], "station 2 opens where the summary is sent"
    note = summarizing.replay.sent(summarizing.turn)[1]["content"]
    assert note in html.unescape(summarizing.summary.value), "the summary is readable whole"

    text, code = _station(cells, 3)
    comparison = _open(code, namespace)
    probes = {probe.turn: probe.question for probe in LONG.probes}
    assert comparison.turn in probes and probes[comparison.turn] in text, "station 3 opens on a probe turn it names"


def test_the_app_shows_each_explorer_settled():
    """Voilà's page asks the kernel for every widget's state as it loads, and an update the kernel
    sends meanwhile can be lost: a station whose full-history replay finished then would show its
    counters without their share of full history, for good. So each station waits for its
    explorer's replays before showing it."""
    cells = json.loads((ROOT / "app" / "workshop.ipynb").read_text())["cells"]
    stations = ["".join(c["source"]) for c in cells if c["cell_type"] == "code" and "Explorer(" in "".join(c["source"])]
    assert len(stations) == 3
    for code in stations:
        shown = code.strip().splitlines()[-1]
        assert re.search(rf"^{shown} = \w+Explorer\(", code, re.M) and f"\nawait {shown}.ready()" in code, code


# ------------------------------------------------------------------ the chat station and the Discuss prompts


def _discuss(text: str) -> str:
    return re.search(r"\*\*Discuss\*\* \(\d+ min\): (.+)", text).group(1).strip()


def test_each_station_splits_its_minutes_into_try_and_discuss_and_the_app_adds_up():
    cells = json.loads((ROOT / "app" / "workshop.ipynb").read_text())["cells"]
    total = 0
    for number in range(1, 5):
        text, _ = _station(cells, number)
        minutes = int(re.match(r"## \d\. .* — (\d+) minutes", text).group(1))
        parts = [int(m) for m in re.findall(r"\*\*(?:Try|Discuss)\*\* \((\d+) min\)", text)]
        assert len(parts) == 2 and sum(parts) == minutes, f"station {number}: Try and Discuss take {parts}, not {minutes}"
        total += minutes
    intro = "".join(cells[0]["source"])
    assert f"About {total} minutes, in four stations" in intro


def test_the_guide_has_an_expected_answer_for_every_discuss_prompt_of_the_app():
    cells = json.loads((ROOT / "app" / "workshop.ipynb").read_text())["cells"]
    answers = GUIDE.split("## Expected answers for the stations", 1)[1].split("\n## ", 1)[0]
    for number in range(1, 5):
        prompt = _discuss(_station(cells, number)[0])
        block = answers.split(f"**Station {number}.** *{prompt}*", 1)
        assert len(block) == 2, f"WORKSHOP.md has no expected answer for station {number}'s prompt {prompt!r}"
        first = block[1].strip().splitlines()[0]
        assert first.startswith("- "), f"station {number}: the expected answers are a list under the prompt"


def test_the_wrap_up_says_to_run_04_before_projecting_its_table():
    wrap_up = next(row for row in agenda("Agenda A: 90 minutes") if row["block"] == "Wrap-up")
    assert "04_beyond_the_cookbook" in wrap_up["material"] and "run 04 from the top" in wrap_up["notes"]


@pytest.mark.usefixtures("api")
async def test_the_chat_station_does_what_its_text_says_the_offline_stand_in_does():
    from memlab.lab.widgets import ChatPanel

    cells = json.loads((ROOT / "app" / "workshop.ipynb").read_text())["cells"]
    text, code = _station(cells, 4)
    assert "ChatPanel(" in code and "stand-in" in text and "not a real model" in text
    name, city, question = re.findall(r'"([^"]+)"', text.split("**Try**", 1)[1])[:3]
    chat = ChatPanel(max_turns=3)
    await chat.send(name)
    await chat.send(city)
    for other in ("My router drops the wifi every evening.", "What are your opening hours?"):  # "something else"
        await chat.send(other)
    chat.max_turns = 1
    await chat.ready()
    assert (await chat.send(question)).final_output.startswith("I don't know")
    chat.max_turns = 8
    await chat.ready()
    assert name.rstrip(".").split()[-1] in (await chat.send(question)).final_output  # the name said at first
    # what the text says it can and cannot answer
    order = re.search(r"ORD-\d{5}", text).group(0)
    assert order in (await chat.send(f"Where is my order {order}?")).final_output
    assert (await chat.send("What's the weather like today?")).final_output.startswith("I don't know")
