"""A newcomer's first command: from a clean clone, `make lab` serves the notebooks.

Only committed files exist in a clone, so this checks what a newcomer really
gets. Setup is not repeated: ``make`` is pointed at the venv running the tests
(``VENV=``) with a fresh setup stamp (``STAMP=``), so ``make lab`` goes
straight to ``jupyter lab`` — a dry run first proves no ``pip install`` would
touch the shared venv. Jupyter is made headless and put on a chosen loopback
port with a token through a temporary ``JUPYTER_CONFIG_DIR``; the Makefile's
command line is used as is.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from .conftest import REPO
from .servers import free_port, jupyter_env, start

pytestmark = pytest.mark.server


def _need(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        if os.environ.get("CI"):
            pytest.fail(f"{tool} is not installed; CI must provide it", pytrace=False)
        pytest.skip(f"{tool} not installed")
    return path


def _redirect(url: str) -> str:
    """Where the server sends a browser that opens ``url`` (the path of its redirect)."""

    class Stop(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    try:
        urllib.request.build_opener(Stop).open(url, timeout=10)
    except urllib.error.HTTPError as error:
        return urllib.parse.urlsplit(error.headers["Location"]).path
    raise AssertionError(f"{url} did not redirect")


def test_make_lab_from_a_clean_clone(tmp_path):
    make, git = _need("make"), _need("git")
    clone = tmp_path / "clone"
    subprocess.run([git, "clone", "--quiet", str(REPO), str(clone)], check=True, timeout=120)
    committed = sorted(p.name for p in (clone / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert committed, "a clean clone has no numbered notebooks in notebooks/: they are not committed"

    stamp = tmp_path / "memlab-installed"
    stamp.touch()  # newer than the clone's pyproject.toml and constraints.txt
    overrides = [f"VENV={sys.prefix}", f"STAMP={stamp}"]
    dry = subprocess.run([make, "-n", "lab", *overrides], cwd=clone, capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    assert "pip" not in dry.stdout, f"make lab would reinstall into the shared venv:\n{dry.stdout}"
    assert "jupyter lab" in dry.stdout, dry.stdout

    port, token = free_port(), secrets.token_hex(16)
    env = jupyter_env(tmp_path / "jupyter")
    config = {
        "ServerApp": {"ip": "127.0.0.1", "port": port, "port_retries": 0, "open_browser": False, "allow_root": True},
        "IdentityProvider": {"token": token},
        "LabApp": {"news_url": None, "extension_manager": "readonly"},
    }
    Path(env["JUPYTER_CONFIG_DIR"], "jupyter_server_config.json").write_text(json.dumps(config))
    server = start("make lab", [make, "lab", *overrides], env, clone, tmp_path / "make-lab.log", port, token)
    try:
        server.wait_ready("/api/status", timeout=90)
        root = {e["name"]: e["type"] for e in server.get_json("/api/contents/")["content"]}
        assert root.get("memlab") == root.get("notebooks") == "directory", (
            f"make lab should show memlab/ next to notebooks/ in the file browser; the root holds {sorted(root)}"
        )
        served = sorted(e["name"] for e in server.get_json("/api/contents/notebooks")["content"] if e["type"] == "notebook")
        assert served == committed, f"make lab serves {served}, the clone has {committed}"
        landing = _redirect(server.url("/"))
        assert landing.startswith("/lab/tree/notebooks/00_welcome.ipynb"), f"make lab lands on {landing}"
    finally:
        server.stop()
    assert server.process.poll() is not None
