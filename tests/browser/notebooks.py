"""A small scratch notebook that displays the explorers, for infrastructure checks."""

from __future__ import annotations

from pathlib import Path

import nbformat

SCRATCH_CELLS = [
    ("markdown", "# Scratch: memlab explorers\nSome prose, then the explorers, then more content."),
    ("code", "import memlab.api.mode\nprint(memlab.api.mode.configure())\n"
             "from memlab.scenario import LAPTOP, ROUTER\n"
             "from memlab.lab.widgets import TrimmingExplorer, SummarizingExplorer"),
    ("code", "1 + 1"),
    ("code", "TrimmingExplorer(LAPTOP, max_turns=3)"),
    ("markdown", "Between the two explorers."),
    ("code", "SummarizingExplorer(ROUTER, context_limit=4, keep_last_n_turns=2)"),
    ("code", "print('the end')"),
]


#: The scratch notebook's first explorer alone (for the check that must fail on it).
TRIMMING_ONLY = SCRATCH_CELLS[:4]

PYTHON3 = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def write_scratch(path: Path, cells: list[tuple[str, str]] = SCRATCH_CELLS, kernelspec: dict[str, str] = PYTHON3) -> Path:
    """Write a scratch notebook of ``cells`` (kind, source), to run with ``kernelspec``."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = kernelspec
    nb.cells = [
        nbformat.v4.new_markdown_cell(src) if kind == "markdown" else nbformat.v4.new_code_cell(src)
        for kind, src in cells
    ]
    nbformat.write(nb, path)
    return path
