"""The notebooks are committed executed, top to bottom, and follow the series' skeleton.

nbval (run by ``make test`` on ``notebooks/``) re-executes every notebook and
compares each output with the committed one, so stale outputs fail there. This
file checks what nbval cannot: a code cell committed without its execution
(nbval silently compares nothing for it), execution out of order, and the
Project Pythia skeleton every notebook shares.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SECTIONS = ["## Overview", "## Prerequisites", "## Imports", "## Summary", "### What's next", "## Resources"]


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def _source(cell: dict) -> str:
    return "".join(cell.get("source", ""))


def test_there_are_notebooks():
    assert NOTEBOOKS, "no numbered notebooks found in notebooks/"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_code_cell_was_executed_in_order(path):
    code = [c for c in _cells(path) if c["cell_type"] == "code" and _source(c).strip()]
    counts = [c.get("execution_count") for c in code]
    assert None not in counts, f"{path.name}: code cells committed without execution"
    assert counts == list(range(1, len(counts) + 1)), f"{path.name}: not executed top to bottom in one fresh kernel"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_skeleton(path):
    cells = _cells(path)
    markdown = "\n".join(_source(c) for c in cells if c["cell_type"] == "markdown")
    titles = [line for line in markdown.splitlines() if line.startswith("# ")]
    assert len(titles) == 1, f"{path.name}: exactly one '# ' title expected, found {titles}"
    for heading in SECTIONS:
        assert heading in markdown, f"{path.name}: missing section {heading!r}"
    assert "Time to learn" in markdown, f"{path.name}: the prerequisites table needs 'Time to learn'"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_error_cells_are_tagged_and_ignored_outputs_explained(path):
    for cell in _cells(path):
        if cell["cell_type"] != "code":
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        if errors:
            assert "raises-exception" in tags, f"{path.name}: an error output without the raises-exception tag"
        source = _source(cell)
        # nbval honours the cell tag; its comment form works only bare, so the
        # comment here is the reason, for the reader, and the tag does the work
        if "NBVAL_IGNORE_OUTPUT" in source or "nbval-ignore-output" in tags:
            assert "nbval-ignore-output" in tags, f"{path.name}: an ignored output needs the nbval-ignore-output tag"
            line = next((line for line in source.splitlines() if "NBVAL_IGNORE_OUTPUT" in line), "")
            assert len(line.split("NBVAL_IGNORE_OUTPUT", 1)[-1].strip(" #:-—")) > 10, (
                f"{path.name}: an ignored output needs '# NBVAL_IGNORE_OUTPUT: <why>' in its cell"
            )


# ------------------------------------------------------------------ output hygiene and exercises

ABSOLUTE_PATH = re.compile(
    r"(?:^|[\s'\"(=:])(?:/(?:root|home|tmp|work|usr|var|opt|private|Users|srv|mnt)/|[A-Za-z]:\\\\)|site-packages"
)
LONG_TRACEBACK = 6  # lines: an expected error is one caught line, a traceback is a failure to explain it


def _texts(cell: dict) -> list[str]:
    texts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            texts.append("".join(output.get("text", "")))
        for value in (output.get("data") or {}).values():
            texts.append(value if isinstance(value, str) else "".join(value) if isinstance(value, list) else "")
        texts.extend(output.get("traceback", []))
    return texts


ALL_NOTEBOOKS = NOTEBOOKS + sorted((Path(__file__).resolve().parents[1] / "app").glob("*.ipynb"))


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_no_output_holds_an_absolute_path_or_a_long_traceback(path):
    for number, cell in enumerate(_cells(path)):
        for text in _texts(cell):
            match = ABSOLUTE_PATH.search(text)
            assert match is None, f"{path.name} cell {number}: an output shows a machine path: {text[max(0, match.start() - 40):match.end() + 40]!r}"
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                assert len(output.get("traceback", [])) <= LONG_TRACEBACK, (
                    f"{path.name} cell {number}: a {len(output['traceback'])}-line traceback; show an expected error as one caught line"
                )


#: An exception named with nothing after its colon ("NotImplementedError: "): the reader learns nothing from it.
BARE_ERROR = re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b:\s*$")


def _displayed(cell: dict) -> list[str]:
    """A code cell's outputs as a reader sees them: consecutive pieces of one stream joined."""
    shown: list[str] = []
    stream = None
    for output in cell.get("outputs", []):
        name = output.get("name") if output.get("output_type") == "stream" else None
        if name is not None and name == stream:
            shown[-1] += "".join(output.get("text", ""))
        else:
            shown.append("".join(_texts({"outputs": [output]})))
        stream = name
    return shown


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_no_output_names_an_error_without_its_message(path):
    """An error a notebook shows says what went wrong: never a bare ``NotImplementedError: ``."""
    for number, cell in enumerate(_cells(path)):
        for text in _displayed(cell):
            for line in text.splitlines():
                assert not BARE_ERROR.search(line), (
                    f"{path.name} cell {number}: an error with no message, {line!r}; raise it with a sentence"
                )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_exercises_that_teach(path):
    """At least two exercises; from 01 on, one whose check runs the learner's code on hidden cases."""
    markdown = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
    exercises = re.findall(r"^### Exercise \d+", markdown, re.M)
    if path.name.startswith("99_"):
        return  # the appendix is reference material
    assert len(exercises) >= 2, f"{path.name}: {len(exercises)} exercises, at least two expected"
    assert "<details>" in markdown, f"{path.name}: solutions go in collapsed <details> blocks"
    if not path.name.startswith("00_"):
        code = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "code")
        assert "exercises." in code or "from memlab.lab.exercises" in code, (
            f"{path.name}: no exercise is checked on hidden cases (memlab.lab.exercises)"
        )


def test_the_series_asks_for_a_prediction_before_a_run():
    markdown = "\n".join(_source(c) for path in NOTEBOOKS for c in _cells(path) if c["cell_type"] == "markdown")
    assert re.search(r"predict", markdown, re.I), "no exercise asks the learner to predict before running"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_says_what_it_spent(path):
    if path.name.startswith("99_"):
        return
    code = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "code")
    assert ".spend(" in code, f"{path.name}: end with the spend line (memlab.api.wire.current().spend(...))"


# ------------------------------------------------------------------ predictions before their answers
#
# A prediction exercise has two code cells, marked by cell tags: `predict`, where the learner writes
# the prediction, and `reveal`, which runs the experiment (or reads one the notebook ran quietly) only
# once a prediction is written (a `memlab.lab.exercises` function returns "not done yet" until then) and
# compares. The reveal cell names
# its answer in its metadata, `{"memlab": {"answer": [...]}}`: texts that state the answer, as the
# reveal prints them (tests/lab/test_exercises.py checks that each reveal, given the right prediction,
# prints exactly those texts). Before the reveal, the answer may appear in no stored output, and in
# no prose between the prediction and the reveal.

PREDICTION_ASKED = re.compile(r"\*\*predict|predict, then run|predict before you run", re.I)


def _tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _output_text(cell: dict) -> str:
    """Everything a code cell's stored outputs say, joined (a line may be split over several outputs)."""
    return "".join(_texts(cell))


def _prediction_exercises(cells: list[dict]) -> list[tuple[int, int, int]]:
    """``(question, predict, reveal)`` cell indices of each prediction the notebook asks for.

    A question is a markdown cell that asks for a prediction; its ``predict`` and ``reveal`` cells are
    the first ones after it (-1 when missing, or when another question comes first).
    """
    questions = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and PREDICTION_ASKED.search(_source(c))]
    found = []
    for number, question in enumerate(questions):
        end = questions[number + 1] if number + 1 < len(questions) else len(cells)
        tagged = {tag: i for i in range(end - 1, question, -1) for tag in _tags(cells[i]) if tag in ("predict", "reveal")}
        found.append((question, tagged.get("predict", -1), tagged.get("reveal", -1)))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_prediction_is_asked_before_its_answer_appears(path):
    cells = _cells(path)
    for question, predict, reveal in _prediction_exercises(cells):
        where = f"{path.name} cell {question} asks for a prediction"
        assert predict > question, f"{where}, but no code cell after it is tagged 'predict' (where the learner writes it)"
        assert reveal > predict, f"{where}, but no code cell after its 'predict' cell is tagged 'reveal'"
        answers = cells[reveal].get("metadata", {}).get("memlab", {}).get("answer", [])
        assert answers and all(isinstance(a, str) and len(a) >= 8 for a in answers), (
            f"{path.name} cell {reveal}: a reveal cell names its answer in metadata.memlab.answer (texts of 8+ characters)"
        )
        for number, cell in enumerate(cells[: reveal + 1]):
            if cell["cell_type"] == "code":
                shown, what = _output_text(cell), "a stored output"
            elif number > predict:
                shown, what = _source(cell), "the prose"
            else:
                continue
            for answer in answers:
                assert answer not in shown, (
                    f"{where}; {what} of cell {number} gives the answer away before the learner runs the reveal "
                    f"(cell {reveal}): {answer!r}"
                )


NUMBER_WORDS = {word: str(number) for number, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split()
)}
DETAILS = re.compile(r"<details>.*?</details>", re.S | re.I)


def _as_read(text: str) -> str:
    """Text as a reader takes it in: case folded, numbers written as words read as digits ("Twelve" is 12)."""
    return re.sub(r"\b[a-z]+\b", lambda word: NUMBER_WORDS.get(word.group(0), word.group(0)), text.lower())


def _in_plain_view(cell: dict) -> str:
    """What a cell shows before the reader opens anything: markdown outside <details>, outputs not collapsed."""
    if cell["cell_type"] == "markdown":
        return DETAILS.sub("", _source(cell))
    if cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden"):
        return ""  # JupyterLab shows a collapsed output as "…" until it is clicked (nbval still compares it)
    return _output_text(cell)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_answer_is_in_plain_view_anywhere(path):
    """An answer shows in its reveal, in a collapsed <details> block, or in an output kept collapsed until
    opened (cell metadata ``"jupyter": {"outputs_hidden": true}``): never in prose or an output a reader
    scrolling past sees, before the prediction or after the reveal."""
    cells = _cells(path)
    for question, _, reveal in _prediction_exercises(cells):
        answers = cells[reveal].get("metadata", {}).get("memlab", {}).get("answer", [])
        for number, cell in enumerate(cells):
            if number == reveal:
                continue
            shown = _as_read(_in_plain_view(cell))
            for answer in answers:
                assert _as_read(answer) not in shown, (
                    f"{path.name}: cell {number} shows the answer to the prediction of cell {question} in plain view: "
                    f"{answer!r}; collapse it (an output: metadata jupyter.outputs_hidden; prose: <details>) or restructure"
                )


def test_the_series_marks_its_prediction_exercises():
    """The rule above is not vacuous: every main-path notebook asks for a prediction and marks it."""
    counted = {path.name: len(_prediction_exercises(_cells(path))) for path in NOTEBOOKS}
    for name in ("00_welcome.ipynb", "01_sessions_and_turns.ipynb", "02_trimming.ipynb",
                 "05_threads_and_backends.ipynb", "06_trust_boundary.ipynb"):
        assert counted[name] >= 1, f"{name}: no prediction exercise found"
    assert counted["03_summarizing.ipynb"] >= 3, "03_summarizing.ipynb: exercises 1, 1b and 3 are predictions"
    for name in ("04_beyond_the_cookbook.ipynb", "07_evals.ipynb"):
        assert counted[name] >= 1, f"{name}: no prediction exercise found"


# ------------------------------------------------------------------ answers collapsed until opened
#
# A code cell whose stored output answers an exercise — a table of what prompt edits change, a run
# that settles a prediction — is tagged `answer`, and its outputs are saved collapsed (cell metadata
# `"jupyter": {"outputs_hidden": true}`: JupyterLab shows a bar to click; nbval still compares them),
# so a learner scrolling past does not read the answer before predicting it.


def _collapsed(cell: dict) -> bool:
    return cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden") is True


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_answer_bearing_outputs_are_saved_collapsed(path):
    cells = _cells(path)
    for number, cell in enumerate(cells):
        if "answer" in _tags(cell):
            assert cell["cell_type"] == "code" and cell.get("outputs"), f"{path.name} cell {number}: tagged 'answer' but shows nothing"
            assert _collapsed(cell), (
                f"{path.name} cell {number}: an answer-bearing output is saved open; set its metadata "
                '"jupyter": {"outputs_hidden": true}'
            )
    for _, _, reveal in _prediction_exercises(cells):
        answers = cells[reveal].get("metadata", {}).get("memlab", {}).get("answer", []) if reveal >= 0 else []
        for number in range(reveal + 1, len(cells)):
            cell = cells[number]
            if cell["cell_type"] == "code" and any(answer in _output_text(cell) for answer in answers):
                assert "answer" in _tags(cell) and _collapsed(cell), (
                    f"{path.name} cell {number} repeats the answer of the reveal in cell {reveal}: tag it 'answer' "
                    "and save its output collapsed"
                )


def test_03_saves_what_the_prompt_edits_change_collapsed():
    """03's table of the cookbook's nine principles makes three of Exercise 1b's edits and shows what each changes."""
    path = next(p for p in NOTEBOOKS if p.name == "03_summarizing.ipynb")
    tables = [c for c in _cells(path) if c["cell_type"] == "code" and "COOKBOOK_PRINCIPLES" in _source(c) and "what_changes(" in _source(c)]
    assert tables, "03: the table of what each cookbook principle's edit changes is gone"
    for cell in tables:
        assert "answer" in _tags(cell) and _collapsed(cell), "03: the principles' table answers Exercise 1b; save it collapsed"

# ------------------------------------------------------------------ what follows a reveal stays collapsed
#
# The rule above keeps an answer out of everything *before* its reveal; a learner who scrolls on
# still sees whatever comes after it. So from a reveal to the next heading, every stored output is
# collapsed until the learner opens it (cell metadata `"jupyter": {"outputs_hidden": true}`, which
# JupyterLab honours and nbval ignores), and prose that states a number sits inside
# `<details>...</details>`.

DETAILS = re.compile(r"<details>.*?</details>", re.S)


def _after_reveals(cells: list[dict]) -> list[tuple[int, int]]:
    """``(reveal, cell)`` for every cell between a reveal and the next heading."""
    found = []
    for reveal, cell in enumerate(cells):
        if "reveal" not in _tags(cell):
            continue
        for number in range(reveal + 1, len(cells)):
            if re.search(r"^#", _source(cells[number]), re.M) and cells[number]["cell_type"] == "markdown":
                break
            found.append((reveal, number))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_what_follows_a_reveal_stays_collapsed_until_opened(path):
    cells = _cells(path)
    for reveal, number in _after_reveals(cells):
        cell, where = cells[number], f"{path.name} cell {number} (after the reveal in cell {reveal})"
        if cell["cell_type"] == "code" and cell.get("outputs"):
            assert cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden") is True, (
                f"{where} shows its output to anyone scrolling past the prediction: collapse it "
                '(metadata "jupyter": {"outputs_hidden": true})'
            )
        elif cell["cell_type"] == "markdown":
            plain = DETAILS.sub("", _source(cell))
            assert not re.search(r"\d", plain), (
                f"{where} states a number in plain view: put that prose inside <details><summary>...</summary> ... </details>"
            )


def test_the_comparison_and_the_gate_answers_are_collapsed():
    """The two the issue named: 04's comparison table and reading, 07's gate table and its reading."""
    for name, outputs, prose in [("04_beyond_the_cookbook", ("server_side", "must_keep_recall"), "cheapest configuration"),
                                 ("07_evals", ("LossySummarizer", "summaries_rejected"), "times full history's")]:
        cells = _cells(ROOT / "notebooks" / f"{name}.ipynb")
        collapsed = [c for c in cells if c["cell_type"] == "code" and all(o in _output_text(c) for o in outputs)]
        assert collapsed and all(c["metadata"].get("jupyter", {}).get("outputs_hidden") for c in collapsed), name
        stated = [" ".join(_source(c).split()) for c in cells if c["cell_type"] == "markdown"]  # prose wraps lines
        stated = [text for text in stated if prose in text]
        assert stated and all(prose in "".join(DETAILS.findall(text)) for text in stated), name


# ------------------------------------------------------------------ saved explorers are rendered

BUSY = "Replaying the conversation"


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.name)
def test_every_saved_explorer_is_in_its_final_rendered_state(path):
    """The widget state saved with a notebook is what opens it: never an explorer still replaying.

    (Saving happens as the notebook is executed; an explorer whose replay finished after its cell
    ended is saved busy, with empty panels. Await ``explorer.ready()`` in the cell that shows it.)
    """
    state = json.loads(path.read_text()).get("metadata", {}).get("widgets", {})
    models = state.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    html = [m["state"].get("value", "") for m in models.values() if m.get("model_name") == "HTMLModel"]
    assert not [value for value in html if BUSY in value], f"{path.name}: an explorer was saved while still replaying"
    statuses = [value for value in html if "memlab-status" in value]
    counters = [value for value in html if "memlab-counters" in value]
    assert len(counters) >= len(statuses), f"{path.name}: an explorer was saved without its counters (not rendered)"


# ------------------------------------------------------------------ one time per notebook, everywhere

ROOT = Path(__file__).resolve().parents[1]


def _minutes(cell_text: str) -> str:
    return re.sub(r"\s*\(.*\)", "", cell_text).replace("minutes", "min").strip()


def _series_table(text: str, name_pattern: str) -> dict[str, str]:
    """``{notebook number: time}`` from a series table whose rows start with the notebook's name."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        match = re.match(name_pattern, cells[0]) if len(cells) > 2 else None
        if match:
            rows[match.group(1)] = _minutes(cells[1])
    return rows


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_states_the_same_time_everywhere(path):
    """Its Prerequisites, 00's map of the series and the README's series table give one time."""
    readme = _series_table((ROOT / "README.md").read_text(), r"`(\d\d)_")
    welcome = "\n".join(_source(c) for c in _cells(NOTEBOOKS[0]) if c["cell_type"] == "markdown")
    series_map = _series_table(welcome, r"\W*(\d\d) ")
    markdown = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")
    stated = re.search(r"Time to learn\W*(\d+) minutes", markdown)
    assert stated, f"{path.name}: no 'Time to learn' in minutes"
    number, minutes = path.name[:2], f"{stated.group(1)} min"
    assert (readme.get(number), series_map.get(number)) == (minutes, minutes), (
        f"{path.name} says {minutes}; README says {readme.get(number)}, 00's map says {series_map.get(number)}"
    )


# ------------------------------------------------------------------ whose point is whose

# The cookbook's points on trimming, by a word or two of each (its pros, its cons, its three "best when"
# cases); 02's table names each in a row marked "cookbook", and marks memlab's own additions "memlab".
COOKBOOK_TRIMMING_POINTS = {
    "Pro": ["deterministic", "latency", "fidelity for recent work", "summary drift"],
    "Con": ["long-range context", "amnesia", "wasted signal", "token spikes"],
    "Best when": ["stands alone", "crm or an api", "last few turns"],
}


def _pros_and_cons(path: Path) -> list[dict[str, str]]:
    """The rows of the notebook's pros-and-cons table (a markdown output with a ``from`` column)."""
    for cell in _cells(path):
        for output in cell.get("outputs", []):
            table = "".join((output.get("data") or {}).get("text/markdown", ""))
            if "| the point |" in table:
                rows = [[c.strip().strip("*") for c in line.strip().strip("|").split("|")] for line in table.splitlines()[2:]]
                return [dict(zip(("kind", "from", "point", "measured"), row)) for row in rows]
    return []


def test_02_pros_and_cons_mark_whose_point_each_is():
    rows = _pros_and_cons(NOTEBOOKS[2])
    assert rows, "02_trimming.ipynb: no pros-and-cons table with a 'from' column"
    assert {row["from"] for row in rows} <= {"cookbook", "memlab"}, [row["from"] for row in rows]
    for kind, points in COOKBOOK_TRIMMING_POINTS.items():
        cookbook = " ".join(row["point"].lower() for row in rows if row["kind"] == kind and row["from"] == "cookbook")
        missing = [point for point in points if point not in cookbook]
        assert not missing, f"02's {kind!r} rows marked cookbook lack the cookbook's {missing}"
    caching = [row for row in rows if "caching" in row["point"].lower()]
    assert caching and all(row["from"] == "memlab" for row in caching), "prompt caching is memlab's point, not the cookbook's"
