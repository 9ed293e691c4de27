"""Start JupyterLab and Voilà on a loopback port for a test, and always stop them.

Each server gets its own temporary config, runtime, lab-settings and
workspaces directories (so nothing from the machine's ``~/.jupyter`` leaks in,
and nothing the test does leaks out), a random token, and a port chosen free
just before the start with ``port_retries=0`` (a race is reported, not papered
over by Jupyter silently moving to another port). The process runs in its own
process group; :meth:`Server.stop` kills the whole group, kernels included.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

VENV_BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def jupyter_env(root: Path, extra_pythonpath: Path | None = None, kernels: Path | None = None) -> dict[str, str]:
    """An environment whose Jupyter dirs all live under ``root`` (``kernels``: a data dir with more kernelspecs).

    Lab settings: the notebook renders every cell (no windowing, so widgets
    that are off screen still exist in the DOM), and news and update checks are
    off; the announcements plugin is disabled outright.
    """
    config, runtime = root / "config", root / "runtime"
    settings, workspaces = root / "lab-settings", root / "lab-workspaces"
    for folder in (config, runtime, settings, workspaces):
        folder.mkdir(parents=True, exist_ok=True)
    (config / "labconfig").mkdir(exist_ok=True)
    (config / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    overrides = {
        "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }
    (settings / "overrides.json").write_text(json.dumps(overrides))
    for plugin, values in overrides.items():
        package, name = plugin.split(":")
        target = settings / package
        target.mkdir(parents=True, exist_ok=True)
        (target / f"{name}.jupyterlab-settings").write_text(json.dumps(values))

    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTEST", "OPENAI_API_KEY"))}
    env.pop("MEMLAB_LIVE", None)
    env.update(
        JUPYTER_CONFIG_DIR=str(config),
        JUPYTER_RUNTIME_DIR=str(runtime),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(workspaces),
        JUPYTER_PLATFORM_DIRS="1",
        OPENAI_AGENTS_DISABLE_TRACING="1",
        PATH=f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
    )
    if kernels is not None:
        env["JUPYTER_PATH"] = str(kernels)
    if extra_pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(extra_pythonpath), env.get("PYTHONPATH")]))
    return env


@dataclass
class Server:
    """A running Jupyter-family server: its URL, token, log and process."""

    name: str
    port: int
    token: str
    process: subprocess.Popen[bytes]
    log: Path
    base: str = field(init=False)

    def __post_init__(self) -> None:
        self.base = f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "/") -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.base}{path}{sep}token={self.token}" if self.token else f"{self.base}{path}"

    def get_json(self, path: str) -> object:
        request = urllib.request.Request(f"{self.base}{path}", headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def wait_ready(self, path: str, timeout: float = 60) -> None:
        """Poll ``path`` until it answers 200; fail with the server's log otherwise."""
        deadline = time.monotonic() + timeout
        last: object = None
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                request = urllib.request.Request(self.url(path))
                with urllib.request.urlopen(request, timeout=5) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
                last = exc
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} not ready on port {self.port} after {timeout} s ({last}):\n{self.log_tail()}")

    def wait_listening(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} not listening on port {self.port} after {timeout} s:\n{self.log_tail()}")

    def stop(self) -> None:
        """Stop the server and everything it started (kernels): the whole process group."""
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
        try:  # kernels live in the same group; make sure none survive the server
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        if self.process.poll() is None:
            self.process.wait(timeout=10)


def start(name: str, command: list[str], env: dict[str, str], cwd: Path, log: Path, port: int, token: str) -> Server:
    handle = log.open("wb")
    try:
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=handle, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True,  # own process group: stop() reaches the kernels too
        )
    finally:
        handle.close()
    return Server(name, port, token, process, log)


def start_lab(root_dir: Path, work: Path, extra_pythonpath: Path | None = None, kernels: Path | None = None) -> Server:
    """JupyterLab serving ``root_dir``; Jupyter's own dirs and log under ``work``; ``kernels``: see :func:`jupyter_env`."""
    port, token = free_port(), secrets.token_hex(16)
    command = [
        str(VENV_BIN / "jupyter"), "lab",
        "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root_dir}",
        "--LabApp.extension_manager=readonly",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
    ]
    server = start("jupyter lab", command, jupyter_env(work, extra_pythonpath, kernels), root_dir, work / "lab.log", port, token)
    try:
        server.wait_ready("/api/status")
    except BaseException:
        server.stop()
        raise
    return server


def start_voila(notebook: Path, work: Path) -> Server:
    """Voilà serving one notebook (code hidden, its default), on a loopback port with a token."""
    port, token = free_port(), secrets.token_hex(16)
    command = [
        str(VENV_BIN / "voila"), str(notebook),
        "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
        f"--token={token}",
    ]
    server = start("voila", command, jupyter_env(work), notebook.parent, work / "voila.log", port, token)
    try:
        # GET / would render (execute) the notebook: readiness is "the port accepts connections".
        server.wait_listening()
    except BaseException:
        server.stop()
        raise
    return server
