"""The pre-flight doctor: healthy here, and precise about what is broken and how to fix it.

A healthy run and a broken one (no site-packages: memlab cannot import) execute
the doctor as a participant does, in a subprocess, so its table and exit status
are checked as printed. Single checks whose inputs cannot be arranged for real
on this machine (a wrong pin, an old Python, live mode) are called directly.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from memlab.lab import doctor
from memlab.offline.server import serve

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = ["Python", "virtual env", "memlab importable", "pinned versions", "pip check", "Jupyter kernel",
            "widget extension", "offline model", "tokenizer offline", "live mode"]


def run_doctor(*args: str, python: list[str] | None = None, module: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MEMLAB_LIVE", "OPENAI_API_KEY", "OPENAI_BASE_URL")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    target = ["-m", "memlab.lab.doctor"] if module else [str(ROOT / "memlab" / "lab" / "doctor.py")]
    command = [*(python or [sys.executable]), *target, *args]
    return subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)


def rows(output: str) -> dict[str, str]:
    """``{check name: status}`` from the printed table."""
    found = {}
    for line in output.splitlines():
        match = re.match(r"  (ok|PROBLEM|optional) +(.+?)  ", line)
        if match:
            found[match.group(2).strip()] = match.group(1)
    return found


@pytest.mark.process
def test_a_healthy_machine_passes_every_required_check():
    result = run_doctor()
    table = rows(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr
    assert [name for name in table if name in REQUIRED] == REQUIRED, table
    assert all(table[name] == "ok" for name in REQUIRED), result.stdout
    assert set(table) - set(REQUIRED) == {"Chromium", "redis-server"}
    assert "All required checks passed." in result.stdout


def test_a_wrong_pin_is_a_problem_with_its_fix(tmp_path):
    installed = importlib.metadata.version("pytest")
    constraints = tmp_path / "constraints.txt"
    constraints.write_text((ROOT / "constraints.txt").read_text().replace(f"pytest=={installed}", "pytest==0.0.1"))
    assert doctor.check_pins(ROOT / "constraints.txt").ok
    wrong = doctor.check_pins(constraints)
    assert not wrong.ok and wrong.detail == f"pytest {installed} (pinned 0.0.1)"
    assert wrong.fix == f"reinstall the pins: {sys.executable} -m pip install -c {constraints} -e '{ROOT}[test,app]'"


def test_a_missing_requirement_is_a_problem(monkeypatch):
    real = importlib.metadata.version

    def version(name):
        if name == "tiktoken":
            raise importlib.metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(importlib.metadata, "version", version)
    missing = doctor.check_pins()
    assert not missing.ok and missing.detail == "tiktoken missing"


@pytest.mark.process
def test_without_its_dependencies_the_file_still_prints_the_table():
    """``python -S`` hides site-packages: memlab cannot import, as on a laptop before ``make lab``."""
    result = run_doctor(python=[sys.executable, "-S"], module=False)
    table = rows(result.stdout)
    assert result.returncode == 1, result.stdout + result.stderr
    assert table["Python"] == "ok" and table["memlab importable"] == "PROBLEM"
    assert "ModuleNotFoundError" in result.stdout
    assert "fix: run `make lab` in the memlab folder" in result.stdout
    assert "Traceback" not in result.stderr


def test_an_old_python_is_a_problem_with_a_fix():
    assert doctor.check_python((3, 12, 1)).ok
    old = doctor.check_python((3, 10, 14))
    assert not old.ok and "3.10.14 is older than 3.11" in old.detail and "install Python 3.11" in old.fix


def test_live_mode_needs_a_key(monkeypatch):
    assert doctor.check_live().ok  # off: offline mode needs nothing
    monkeypatch.setenv("MEMLAB_LIVE", "1")
    missing = doctor.check_live()
    assert not missing.ok and "OPENAI_API_KEY" in missing.fix


def test_live_request_against_a_stand_in(monkeypatch):
    monkeypatch.setenv("MEMLAB_LIVE", "1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    with serve() as server:
        monkeypatch.setenv("OPENAI_BASE_URL", server.url)
        assert doctor.check_live(try_request=False).ok and server.requests_served == 0
        answered = doctor.check_live(try_request=True)
        assert answered.ok and server.requests_served == 1, answered
    refused = doctor.check_live(try_request=True)  # the stand-in is gone: nothing listens there now
    assert not refused.ok and "APIConnectionError" in refused.detail and refused.fix


def test_the_table_shows_fixes_only_for_problems():
    table = doctor.render([
        doctor.Check("Python", True, "3.11.7"),
        doctor.Check("pip check", False, "broken", "run make lab"),
        doctor.Check("Chromium", False, "not found", "apt-get install chromium", optional=True),
    ])
    assert table.splitlines() == [
        "  ok        Python     3.11.7",
        "  PROBLEM   pip check  broken",
        "                       fix: run make lab",
        "  optional  Chromium   not found",
        "                       fix: apt-get install chromium",
    ]


@pytest.mark.parametrize(("broken", "row"), [("check_kernel", "Jupyter kernel"), ("check_widgets", "widget extension")])
def test_a_check_that_crashes_is_a_problem_row(monkeypatch, broken, row):
    def crash():
        raise RuntimeError("boom")

    monkeypatch.setattr(doctor, broken, crash)
    # The slow checks, and the one that reconfigures the SDK in this process, are stubbed out here.
    for name in ("check_pins", "check_pip", "check_offline_model"):
        monkeypatch.setattr(doctor, name, lambda *args: doctor.Check("stub", True, "not run in this test"))
    found = {r.name: r for r in doctor.run_checks()}
    assert not found[row].ok and found[row].detail == "the check itself failed: RuntimeError: boom"
    assert found[row].fix == doctor.SETUP_FIX


def test_pip_check_runs_while_the_other_checks_run(monkeypatch):
    """``pip check`` (a process of its own) starts first and is read last; its row keeps its place."""
    others_done = threading.Event()

    def pip_check_waiting_for_the_others() -> doctor.Check:
        alongside = others_done.wait(timeout=10)  # a doctor that runs it alone would never see the others end
        return doctor.Check("pip check", alongside, "ran alongside" if alongside else "ran after the others")

    def last_check(live: bool = False) -> doctor.Check:
        others_done.set()
        return doctor.Check("live mode", True, "stub")

    monkeypatch.setattr(doctor, "check_pip", pip_check_waiting_for_the_others)
    monkeypatch.setattr(doctor, "check_live", last_check)
    # The slow checks, and the one that reconfigures the SDK in this process, are stubbed out here.
    for name, row in (("check_pins", "pinned versions"), ("check_offline_model", "offline model")):
        monkeypatch.setattr(doctor, name, lambda *args, row=row: doctor.Check(row, True, "not run in this test"))
    rows = doctor.run_checks()
    assert [r.name for r in rows if r.name in REQUIRED] == REQUIRED
    pip_row = next(r for r in rows if r.name == "pip check")
    assert pip_row.ok, pip_row.detail


def test_a_kernel_spec_for_another_python_is_a_problem(tmp_path, monkeypatch):
    spec = tmp_path / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = ["/opt/elsewhere/bin/python3", "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "Python 3", "language": "python"}))
    assert doctor.check_kernel().ok
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))  # searched before the environment's own kernels
    other = doctor.check_kernel()
    assert not other.ok and "/opt/elsewhere/bin/python3" in other.detail and f"remove {spec}" in other.fix


def test_a_disabled_widget_extension_is_a_problem(tmp_path, monkeypatch):
    assert doctor.check_widgets().ok
    (tmp_path / "labconfig").mkdir()
    disabled = {"disabledExtensions": {doctor.WIDGETS: True}}
    (tmp_path / "labconfig" / "page_config.json").write_text(json.dumps(disabled))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path))
    off = doctor.check_widgets()
    assert not off.ok and off.fix == f"jupyter labextension enable {doctor.WIDGETS}"
