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
        assert "exercises." in code or "from memlab.exercises" in code, (
            f"{path.name}: no exercise is checked on hidden cases (memlab.exercises)"
        )


def test_the_series_asks_for_a_prediction_before_a_run():
    markdown = "\n".join(_source(c) for path in NOTEBOOKS for c in _cells(path) if c["cell_type"] == "markdown")
    assert re.search(r"predict", markdown, re.I), "no exercise asks the learner to predict before running"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_notebook_says_what_it_spent(path):
    if path.name.startswith("99_"):
        return
    code = "\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "code")
    assert ".spend(" in code, f"{path.name}: end with the spend line (memlab.wire.current().spend(...))"
