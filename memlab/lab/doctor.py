"""Pre-flight for a workshop: is this laptop ready to run memlab?

Run it before the day (``make doctor``, or ``python -m memlab.lab.doctor`` inside
the project's ``.venv``). It prints one table, a row per check, and under each
problem the command that fixes it. The exit status is 0 when every required
check passes, 1 otherwise; rows marked *optional* (Chromium, Redis) never fail
it, because only some tests need them.

Each check is a small function returning a :class:`Check`: its name, whether it
passed, what it found and, for a problem, the fix. Read them top to bottom:
they follow what a participant's first hour needs — a Python, the project's
virtual environment, memlab with its pinned dependencies, a Jupyter kernel and
the widget extension, then the offline model and the tokenizer working with the
network cut off (so "ok" means it works on a plane), and finally live mode.

The module uses only the standard library at import time and imports memlab's
own code inside the checks, so it still prints its table when memlab cannot be
imported at all — which is exactly when a participant needs it. ``make doctor``
runs this file directly for that reason.
"""

from __future__ import annotations

import sys
from pathlib import Path

if __name__ == "__main__" and not __package__:  # run as a file: import memlab from this checkout
    sys.path[0] = str(Path(__file__).resolve().parents[2])

import argparse
import asyncio
import contextlib
import importlib
import importlib.metadata
import ipaddress
import os
import re
import shutil
import socket
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

__all__ = ["Check", "MIN_PYTHON", "run_checks", "render", "main"]

ROOT = Path(__file__).resolve().parents[2]
MIN_PYTHON = (3, 11)
SETUP_FIX = "run `make lab` in the memlab folder (it creates .venv and installs the pinned versions)"
WIDGETS = "@jupyter-widgets/jupyterlab-manager"


@dataclass(frozen=True)
class Check:
    """The outcome of one check: one row of the table.

    Attributes:
        name: What was checked, e.g. ``"Python"``.
        ok: Whether it passed.
        detail: What was found (a version, a path, the error).
        fix: What to do about a problem (empty when ``ok``).
        optional: An optional check never makes the exit status non-zero.
    """

    name: str
    ok: bool
    detail: str
    fix: str = ""
    optional: bool = False


# ------------------------------------------------------------ the interpreter


def check_python(version: tuple[int, ...] | None = None) -> Check:
    """Python is recent enough (memlab uses ``tomllib`` and 3.11 typing)."""
    version = tuple(version or sys.version_info[:3])
    shown = ".".join(map(str, version))
    need = ".".join(map(str, MIN_PYTHON))
    if version[:2] >= MIN_PYTHON:
        return Check("Python", True, f"{shown} ({sys.executable})")
    return Check("Python", False, f"{shown} is older than {need}", f"install Python {need} or newer, then {SETUP_FIX}")


def check_venv() -> Check:
    """The interpreter runs in a virtual environment (the project's ``.venv``, or a conda env)."""
    prefix = Path(sys.prefix).resolve()
    own = (ROOT / ".venv").resolve()
    if prefix == own:
        return Check("virtual env", True, f"the project's .venv ({prefix})")
    if sys.prefix != sys.base_prefix or os.environ.get("CONDA_PREFIX") == sys.prefix:
        return Check("virtual env", True, f"{prefix} (not this checkout's .venv, but isolated)")
    return Check("virtual env", False, f"system Python at {prefix}", SETUP_FIX + ", then use .venv/bin/python")


# --------------------------------------------------------- memlab and its pins


def check_memlab() -> Check:
    """memlab and everything it imports (the Agents SDK, openai, ...) load."""
    try:
        memlab = importlib.import_module("memlab")
        importlib.import_module("memlab.offline")
    except Exception as exc:  # any failure here is the participant's problem to fix
        return Check("memlab importable", False, f"{type(exc).__name__}: {exc}", SETUP_FIX)
    return Check("memlab importable", True, f"{memlab.__version__} from {Path(memlab.__file__).parent}")


def _pins(constraints: Path) -> dict[str, str]:
    """``constraints.txt`` as ``{canonical name: version}`` (one ``name==version`` per line)."""
    from packaging.utils import canonicalize_name

    pins = {}
    for line in constraints.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins[canonicalize_name(name.split("[")[0].strip())] = version.strip()
    return pins


def check_pins(constraints: Path = ROOT / "constraints.txt") -> Check:
    """memlab's requirements are installed, and every installed package it pins has its pinned version."""
    name = "pinned versions"
    try:
        from packaging.requirements import Requirement
        from packaging.utils import canonicalize_name
        from packaging.version import Version

        pins = _pins(constraints)
        required = [Requirement(r) for r in importlib.metadata.requires("memlab") or []]
    except Exception as exc:
        return Check(name, False, f"cannot read the requirements: {type(exc).__name__}: {exc}", SETUP_FIX)
    wanted = {canonicalize_name(r.name): r.specifier for r in required
              if not r.marker or any(r.marker.evaluate({"extra": e}) for e in ("", "test", "app"))}
    wrong: dict[str, str] = {}
    for dist in sorted(wanted.keys() | pins.keys()):  # pins also cover dependencies of dependencies
        try:
            installed = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            if dist in wanted:
                wrong[dist] = f"{dist} missing"
            continue
        if dist in pins and Version(installed) != Version(pins[dist]):
            wrong[dist] = f"{dist} {installed} (pinned {pins[dist]})"
        elif dist in wanted and not wanted[dist].contains(installed, prereleases=True):
            wrong[dist] = f"{dist} {installed} (needs {wanted[dist]})"
    if wrong:
        shown = list(wrong.values())
        detail = "; ".join(shown[:5]) + (f"; and {len(shown) - 5} more" if len(shown) > 5 else "")
        fix = f"reinstall the pins: {sys.executable} -m pip install -c {constraints} -e '{ROOT}[test,app]'"
        return Check(name, False, detail, fix)
    return Check(name, True, f"{len(wanted)} requirements installed, versions as in {constraints.name}")


def check_pip() -> Check:
    """``pip check``: no installed package is missing one of its own dependencies."""
    result = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True, text=True, timeout=120)
    lines = (result.stdout + result.stderr).strip().splitlines()
    if result.returncode == 0:
        return Check("pip check", True, lines[0] if lines else "ok")
    return Check("pip check", False, "; ".join(lines[:3]), SETUP_FIX)


# ------------------------------------------------------------------ Jupyter


def check_kernel() -> Check:
    """Jupyter finds a ``python3`` kernel that runs *this* interpreter."""
    try:
        from jupyter_client.kernelspec import KernelSpecManager

        importlib.import_module("ipykernel")
        specs = KernelSpecManager().find_kernel_specs()
    except Exception as exc:
        return Check("Jupyter kernel", False, f"{type(exc).__name__}: {exc}", SETUP_FIX)
    if "python3" not in specs:
        return Check("Jupyter kernel", False, "no python3 kernel", f"{sys.executable} -m ipykernel install --sys-prefix")
    spec = KernelSpecManager().get_kernel_spec("python3")
    command = spec.argv[0]
    # jupyter_client runs a bare "python" with the interpreter that runs Jupyter itself.
    if re.fullmatch(r"python[0-9.]*", command) or Path(command).resolve() == Path(sys.executable).resolve():
        return Check("Jupyter kernel", True, f"python3 → this interpreter ({spec.resource_dir})")
    return Check(
        "Jupyter kernel", False, f"python3 runs {command}, not {sys.executable}",
        f"remove {spec.resource_dir}, or run: {sys.executable} -m ipykernel install --sys-prefix",
    )


def _matches(pattern: str, name: str) -> bool:
    """JupyterLab's rule: a disabled entry is an extension name or a regular expression."""
    try:
        return re.match(pattern, name) is not None
    except re.error:
        return False


def check_widgets() -> Check:
    """JupyterLab will load the ipywidgets extension (installed and not disabled)."""
    try:
        from jupyter_core.paths import jupyter_path
        from jupyterlab.commands import get_app_dir
        from jupyterlab_server.config import get_page_config

        page = get_page_config(jupyter_path("labextensions"), os.path.join(get_app_dir(), "settings"))
    except Exception as exc:
        return Check("widget extension", False, f"{type(exc).__name__}: {exc}", SETUP_FIX)
    found = {e["name"] for e in page.get("federated_extensions", [])}
    rules = page.get("disabledExtensions") or {}  # a list of names, or {name or regex: disabled?}
    rules = rules if isinstance(rules, dict) else dict.fromkeys(rules, True)
    disabled = [rule for rule, off in rules.items() if off and (rule.startswith(WIDGETS) or _matches(rule, WIDGETS))]
    if WIDGETS not in found:
        return Check("widget extension", False, f"{WIDGETS} not installed", SETUP_FIX + " (installs jupyterlab_widgets)")
    if disabled:
        return Check("widget extension", False, f"disabled: {', '.join(disabled)}", f"jupyter labextension enable {WIDGETS}")
    return Check("widget extension", True, f"{WIDGETS} enabled")


# ----------------------------------------------------------- offline, for real


@contextlib.contextmanager
def no_network() -> Iterator[None]:
    """Refuse every connection except to this machine, like a plane or a bad wifi."""
    real_connect = socket.socket.connect

    def connect(sock: socket.socket, address: object) -> None:
        host = address[0] if isinstance(address, tuple) else "localhost"
        with contextlib.suppress(ValueError):
            if host == "localhost" or ipaddress.ip_address(host).is_loopback:
                return real_connect(sock, address)
        raise ConnectionRefusedError(f"the doctor cut the network off (tried {address!r})")

    socket.socket.connect = connect  # type: ignore[method-assign]
    try:
        yield
    finally:
        socket.socket.connect = real_connect  # type: ignore[method-assign]


def check_offline_model() -> Check:
    """One ``Runner.run`` of the support agent against the offline model, network cut off."""
    try:
        from agents import Runner

        from memlab import scenario
        from memlab.api import mode

        mode.configure("offline")
        with no_network():
            result = asyncio.run(Runner.run(scenario.support_agent(), "Where is my order ORD-48213?"))
    except Exception as exc:
        return Check("offline model", False, f"{type(exc).__name__}: {exc}", SETUP_FIX)
    return Check("offline model", True, f"answered: {str(result.final_output)[:48]}…")


def check_tokenizer() -> Check:
    """tiktoken's ``o200k_base`` vocabulary loads without the network."""
    try:
        from memlab.tokens import count_text

        with no_network():
            count = count_text("hello")
    except Exception as exc:
        return Check("tokenizer offline", False, f"{type(exc).__name__}: {exc}", SETUP_FIX)
    return Check("tokenizer offline", True, f"'hello' is {count} token")


# ---------------------------------------------------------------- optional


def check_binary(name: str, path: str, used_for: str, install: str) -> Check:
    """An optional program: found at ``path`` or on ``PATH``."""
    found = path if os.access(path, os.X_OK) else shutil.which(Path(path).name)
    if found:
        return Check(name, True, found, optional=True)
    return Check(name, False, f"not found ({used_for})", install, optional=True)


# ------------------------------------------------------------------- live


def check_live(try_request: bool = False) -> Check:
    """Live mode: off is fine; on needs a key, and with ``--live`` one tiny request must work."""
    if os.environ.get("MEMLAB_LIVE", "").strip().lower() not in ("1", "true", "yes"):
        return Check("live mode", True, "off: notebooks use the offline model (set MEMLAB_LIVE=1 for the real API)")
    if os.environ.get("OPENAI_API_KEY", "") in ("", "memlab-offline"):  # (offline mode's stand-in key is not one)
        return Check("live mode", False, "MEMLAB_LIVE=1 but OPENAI_API_KEY is not set", "export OPENAI_API_KEY=sk-... (or unset MEMLAB_LIVE)")
    where = os.environ.get("OPENAI_BASE_URL") or "the OpenAI API"
    if not try_request:
        return Check("live mode", True, f"on, key set, talking to {where} (add --live to send one request)")
    try:
        import openai

        from memlab.api.mode import DEFAULT_MODEL

        with openai.OpenAI(max_retries=0, timeout=30) as client:  # closed after: no socket left open
            reply = client.responses.create(model=DEFAULT_MODEL, input="Reply with the word ok.", max_output_tokens=16)
    except Exception as exc:
        fix = "check OPENAI_API_KEY and your network (or OPENAI_BASE_URL, if you use a stand-in)"
        return Check("live mode", False, f"{type(exc).__name__}: {str(exc)[:120]}", fix)
    return Check("live mode", True, f"{where} answered {reply.output_text[:30]!r}")


# ------------------------------------------------------------------- report


def run_checks(*, live: bool = False, constraints: Path = ROOT / "constraints.txt") -> list[Check]:
    """Run every check; a check that crashes becomes a problem row, not a traceback.

    ``pip check`` is a separate process that takes seconds, so it starts first and runs while
    the other checks run here; its row still comes in its place in the table.
    """
    with ThreadPoolExecutor(max_workers=1) as background:
        pip_check = background.submit(check_pip)
        checks: list[tuple[str, Callable[[], Check]]] = [
            ("Python", check_python),
            ("virtual env", check_venv),
            ("memlab importable", check_memlab),
            ("pinned versions", lambda: check_pins(constraints)),
            ("pip check", pip_check.result),  # its row is read last, below
            ("Jupyter kernel", check_kernel),
            ("widget extension", check_widgets),
            ("offline model", check_offline_model),
            ("tokenizer offline", check_tokenizer),
            ("Chromium", lambda: check_binary("Chromium", "/usr/bin/chromium", "only the browser tests need it",
                                              "apt-get install chromium")),
            ("redis-server", lambda: check_binary("redis-server", "/usr/bin/redis-server",
                                                  "only the Redis examples need it", "apt-get install redis-server")),
            ("live mode", lambda: check_live(live)),
        ]
        rows = {name: _run_check(name, check) for name, check in checks if name != "pip check"}
        rows["pip check"] = _run_check("pip check", pip_check.result)  # last: it had the most time to finish
    return [rows[name] for name, _ in checks]


def _run_check(name: str, check: Callable[[], Check]) -> Check:
    """One check's row; a check that crashes becomes a problem row."""
    try:
        return check()
    except Exception as exc:  # a doctor that crashes helps nobody
        return Check(name, False, f"the check itself failed: {type(exc).__name__}: {exc}", SETUP_FIX)


def render(rows: list[Check]) -> str:
    """The table: status, check, what was found, and the fix under each problem."""
    width = max(len(r.name) for r in rows)
    lines = []
    for row in rows:
        status = "ok" if row.ok else ("optional" if row.optional else "PROBLEM")
        lines.append(f"  {status:<9} {row.name:<{width}}  {row.detail}")
        if not row.ok and row.fix:
            lines.append(f"  {'':<9} {'':<{width}}  fix: {row.fix}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Print the table; return 1 if a required check failed (``python -m memlab.lab.doctor``)."""
    parser = argparse.ArgumentParser(prog="python -m memlab.lab.doctor", description=__doc__.splitlines()[0])
    parser.add_argument("--live", action="store_true", help="with MEMLAB_LIVE=1, also send one tiny request")
    parser.add_argument("--constraints", type=Path, default=ROOT / "constraints.txt", help="the pins to check against")
    options = parser.parse_args(argv)
    print("memlab doctor: is this machine ready for the workshop?\n", flush=True)
    rows = run_checks(live=options.live, constraints=options.constraints)
    print(render(rows))
    problems = [r for r in rows if not r.ok and not r.optional]
    print(f"\n{len(problems)} problem(s)." if problems else "\nAll required checks passed.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
