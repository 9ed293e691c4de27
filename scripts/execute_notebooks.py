"""Re-execute the tutorial notebooks in place, as they are committed (offline, outputs saved).

    python scripts/execute_notebooks.py                 # every notebook in notebooks/
    python scripts/execute_notebooks.py 02_trimming     # just these (name, with or without .ipynb)

Each notebook runs in a fresh kernel from ``notebooks/`` (so relative paths work
as in JupyterLab), with ``MEMLAB_LIVE`` unset: the committed outputs are the
offline model's, which nbval compares on every test run. The per-cell timing
metadata nbconvert adds is dropped, so a re-run changes only what changed.
A failing cell stops that notebook and leaves its file untouched.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def execute(path: Path) -> float:
    """Run ``path`` top to bottom and save it; returns the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    started = time.perf_counter()
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(notebook, path)
    return time.perf_counter() - started


def main(names: list[str]) -> int:
    os.environ.pop("MEMLAB_LIVE", None)
    paths = [NOTEBOOKS / (n if n.endswith(".ipynb") else f"{n}.ipynb") for n in names] or sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
    missing = [p.name for p in paths if not p.exists()]
    if missing:
        print(f"no such notebook in {NOTEBOOKS.name}/: {', '.join(missing)}", file=sys.stderr)
        return 2
    failed = 0
    for number, path in enumerate(paths, 1):
        print(f"[{number}/{len(paths)}] {path.name} ...", end=" ", flush=True)
        try:
            print(f"{execute(path):.1f} s")
        except CellExecutionError as error:
            failed += 1
            print("FAILED (file left as it was)")
            print(str(error).strip().splitlines()[-1], file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
