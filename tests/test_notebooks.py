"""The notebooks are committed executed, top to bottom, and follow the series' skeleton.

nbval (run by ``make test`` on ``notebooks/``) re-executes every notebook and
compares each output with the committed one, so stale outputs fail there. This
file checks what nbval cannot: a code cell committed without its execution
(nbval silently compares nothing for it), execution out of order, and the
Project Pythia skeleton every notebook shares.
"""

from __future__ import annotations

import json
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
        if "NBVAL_IGNORE_OUTPUT" in source:
            line = next(line for line in source.splitlines() if "NBVAL_IGNORE_OUTPUT" in line)
            assert len(line.split("NBVAL_IGNORE_OUTPUT", 1)[1].strip(" :-—")) > 10, (
                f"{path.name}: NBVAL_IGNORE_OUTPUT needs a one-line reason on the same line"
            )
