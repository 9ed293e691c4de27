"""A scratch notebook that displays a trimming explorer: the notebook the check must fail on."""

from __future__ import annotations

from pathlib import Path

import nbformat

SCRATCH_CELLS = [
    ("markdown", "# Scratch: a memlab explorer\nSome prose, then the explorer."),
    ("code", "import memlab.api.mode\nprint(memlab.api.mode.configure())\n"
             "from memlab.scenario import LAPTOP\n"
             "from memlab.lab.widgets import TrimmingExplorer"),
    ("code", "1 + 1"),
    ("code", "TrimmingExplorer(LAPTOP, max_turns=3)"),
]


def write_scratch(path: Path, kernelspec: dict[str, str]) -> Path:
    """Write the scratch notebook, to run with ``kernelspec`` (a kernelspec's name and display name)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = kernelspec
    nb.cells = [
        nbformat.v4.new_markdown_cell(src) if kind == "markdown" else nbformat.v4.new_code_cell(src)
        for kind, src in SCRATCH_CELLS
    ]
    nbformat.write(nb, path)
    return path
