"""`make wheelhouse`, then a set-up with no package index at all.

What this proves, and what it does not. It runs the repository's real
``Makefile`` (``make -f``) — its ``wheelhouse`` target and its ``setup`` install
logic, not a copy — on a *probe project* the test writes: a ``pyproject.toml``
shaped like memlab's (runtime dependencies, the ``test`` and ``app`` extras, a
``[build-system]`` requirement) and a ``constraints.txt``. Its packages are
tiny wheels the test builds and serves from a package index on ``127.0.0.1``,
so no byte leaves the machine. Then it checks that:

1. ``make wheelhouse`` downloads, from the index, every wheel that ``setup``
   installs: the runtime dependencies, both extras, *and* the build backend
   (an editable install builds the project, so offline it needs the backend
   too) — at the versions ``constraints.txt`` pins (the index also offers a
   newer version; it must not be taken);
2. ``make setup`` into a fresh venv (only what ``python -m venv`` puts in it) then succeeds with the index unreachable
   (``PIP_INDEX_URL`` points at a closed port and pip's config files are off),
   so it used nothing but the wheelhouse, and skipped upgrading pip;
3. the installed project works: it imports its dependency at the pinned version.

It does not download memlab's real pinned stack (146 wheels, about 180 MB,
over a minute even with a warm network; a test may not use the network
anyway). Whether every pin in ``constraints.txt`` has a wheel for a given
laptop is checked by running ``make wheelhouse`` for real, once, on that kind
of machine.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import threading
import types
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# A complete PEP 517/660 build backend in one module: it is shipped to pip as a wheel
# (the probe's build requirement), and the test uses its write_wheel() for the other wheels.
BACKEND = '''
import base64, hashlib, os, tomllib, zipfile

def write_wheel(folder, name, version, files, requires=(), extras=None):
    """A pure-Python wheel holding `files` ({path: text}); returns its file name."""
    dist = name.replace("-", "_")
    info = f"{dist}-{version}.dist-info"
    meta = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    for extra, reqs in (extras or {}).items():
        meta += [f"Provides-Extra: {extra}"] + [f'Requires-Dist: {r}; extra == "{extra}"' for r in reqs]
    files = {**files, f"{info}/METADATA": "\\n".join(meta) + "\\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\\nGenerator: probe\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"}
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\\n".join(record + [f"{info}/RECORD,,"]) + "\\n"
    filename = f"{dist}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(folder, filename), "w") as whl:
        for path, text in files.items():
            whl.writestr(path, text)
    return filename

def _project():
    with open("pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]

def _build(folder, files):
    p = _project()
    return write_wheel(folder, p["name"], p["version"], files, p.get("dependencies", []),
                       p.get("optional-dependencies", {}))

def get_requires_for_build_wheel(config_settings=None):
    return []

get_requires_for_build_editable = get_requires_for_build_wheel

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, {"probe_app.py": open("probe_app.py").read()})

def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    return _build(wheel_directory, {"probe_app.pth": os.getcwd() + "\\n"})
'''

PYPROJECT = """\
[build-system]
requires = ["probe-backend>=1"]
build-backend = "probe_backend"

[project]
name = "probe-app"
version = "0.1.0"
requires-python = ">=3.11"
dependencies = ["probe-dep>=1"]

[project.optional-dependencies]
test = ["probe-testtool"]
app = ["probe-apptool"]
"""

CONSTRAINTS = "probe-backend==1.0\nprobe-dep==1.0\nprobe-testtool==1.0\nprobe-apptool==1.0\n"


def _backend() -> types.ModuleType:
    module = types.ModuleType("probe_backend")
    exec(BACKEND, module.__dict__)
    return module


def _index(root: Path, wheels: Path) -> None:
    """A PEP 503 "simple" index: one page per project, linking its wheels with their sha256."""
    for wheel in sorted(wheels.iterdir()):
        project = wheel.name.split("-")[0].replace("_", "-")
        page = root / "simple" / project
        page.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
        with (page / "index.html").open("a") as html:
            html.write(f'<a href="/files/{wheel.name}#sha256={digest}">{wheel.name}</a><br>\n')
    shutil.copytree(wheels, root / "files")


class _Index(SimpleHTTPRequestHandler):
    hits: list[str]

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        self.hits.append(self.path)


def _pip_env(index_url: str) -> dict[str, str]:
    """This environment without the machine's pip settings: only the given index, no retries."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_INDEX_URL=index_url, PIP_RETRIES="0", PIP_TIMEOUT="10",
               PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_CACHE_DIR="1")
    return env


def _make(target: str, project: Path, venv: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    make = shutil.which("make")
    if make is None:
        if os.environ.get("CI"):
            pytest.fail("make is not installed; CI must provide it", pytrace=False)
        pytest.skip("make not installed")
    command = [make, "-f", str(ROOT / "Makefile"), target, f"VENV={venv}", f"PYTHON={sys.base_prefix}/bin/python3"]
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.process
def test_setup_from_a_wheelhouse_needs_no_index(tmp_path):
    backend = _backend()
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    backend.write_wheel(wheels, "probe-backend", "1.0", {"probe_backend.py": BACKEND})
    for version in ("1.0", "2.0"):  # 2.0 is newer, but constraints.txt pins 1.0
        backend.write_wheel(wheels, "probe-dep", version, {"probe_dep.py": f"VERSION = {version!r}\n"})
    backend.write_wheel(wheels, "probe-testtool", "1.0", {"probe_testtool.py": ""})
    backend.write_wheel(wheels, "probe-apptool", "1.0", {"probe_apptool.py": ""})
    _index(tmp_path / "index", wheels)

    project, venv = tmp_path / "project", tmp_path / "venv"
    project.mkdir()
    (project / "pyproject.toml").write_text(PYPROJECT)
    (project / "constraints.txt").write_text(CONSTRAINTS)
    (project / "probe_app.py").write_text("import probe_dep\n\nDEP_VERSION = probe_dep.VERSION\n")

    handler = type("Index", (_Index,), {"hits": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(tmp_path / "index")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        made = _make("wheelhouse", project, venv, _pip_env(f"http://127.0.0.1:{server.server_address[1]}/simple/"))
    finally:
        server.shutdown()
        server.server_close()
    assert made.returncode == 0, f"make wheelhouse failed:\n{made.stdout}\n{made.stderr}"
    assert any(hit.startswith("/files/") for hit in handler.hits), "make wheelhouse downloaded nothing from the index"
    downloaded = sorted(p.name for p in (project / "wheelhouse").iterdir())
    assert downloaded == [
        "probe_apptool-1.0-py3-none-any.whl",
        "probe_backend-1.0-py3-none-any.whl",
        "probe_dep-1.0-py3-none-any.whl",
        "probe_testtool-1.0-py3-none-any.whl",
    ], downloaded
    assert not (project / "wheelhouse.partial").exists()

    # make wheelhouse created the venv to run pip in; it holds only what `python -m venv` puts there
    site = next(venv.glob("lib/python3*/site-packages"))
    assert {p.name.split("-")[0] for p in site.glob("*.dist-info")} <= {"pip", "setuptools"}, list(site.iterdir())
    installed = _make("setup", project, venv, _pip_env("http://127.0.0.1:9/simple/"))  # nothing listens on port 9
    log = installed.stdout + installed.stderr
    assert installed.returncode == 0, f"make setup from the wheelhouse failed:\n{log}"
    assert "--no-index --find-links wheelhouse" in installed.stdout, installed.stdout
    assert "--upgrade pip" not in installed.stdout, "setup tried to upgrade pip, which the wheelhouse does not hold"
    probe = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import probe_app, probe_testtool, probe_apptool; print(probe_app.DEP_VERSION)"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )
    assert probe.stdout.strip() == "1.0", probe.stderr
    assert (venv / ".memlab-installed").exists()
