"""How long does each notebook take to run, offline, top to bottom in a fresh kernel?

What nbval does in ``make test`` (without comparing outputs): every numbered
notebook is executed in a new kernel of this interpreter, and the seconds from
the kernel's start to the last cell are printed against the target (20 s per
notebook under nbval; the browser run adds JupyterLab's own time on top, and
its figures are printed by ``make test`` in the "browser run times" section).

Run it with ``python benchmarks/bench_notebooks.py``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")
os.environ.pop("MEMLAB_LIVE", None)

import ipykernel.kernelspec
import nbformat
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
TARGET = 20.0


class ThisPython(KernelSpecManager):
    """The ``python3`` kernel of the interpreter running this script."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(resource_dir=ipykernel.kernelspec.RESOURCES, **ipykernel.kernelspec.get_kernel_dict())


def main() -> None:
    print(f"{'notebook (offline, fresh kernel)':<46}{'seconds':>10}{'target':>10}")
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        kernel = AsyncKernelManager(kernel_name="python3", kernel_spec_manager=ThisPython())
        client = NotebookClient(notebook, km=kernel, timeout=300, allow_errors=True,
                                resources={"metadata": {"path": str(path.parent)}})
        started = time.perf_counter()
        client.execute(cleanup_kc=True)
        seconds = time.perf_counter() - started
        print(f"{path.name:<46}{seconds:>8.1f} s{TARGET:>8.0f} s  {'PASS' if seconds <= TARGET else 'MISS'}")


if __name__ == "__main__":
    main()
