"""A notebook's kernel in live mode against a stand-in: what the live sweep and the browser run share.

Live mode is one switch (``MEMLAB_LIVE=1``) plus where the API is (``OPENAI_BASE_URL``) and a key.
A kernel started with :func:`kernel_env` talks to a stand-in (:mod:`memlab.offline.server`) over a
real socket, through the real ``openai.AsyncOpenAI()``, and may open connections only to loopback
addresses: a ``sitecustomize`` on its ``PYTHONPATH`` (:data:`SITECUSTOMIZE`) refuses the rest, so a
notebook that bypassed ``OPENAI_BASE_URL`` fails fast instead of reaching the internet.

Each notebook runs live once: every notebook of the series in JupyterLab
(``tests/browser/test_lab.py``, which checks the page too), the workshop app in a kernel of its own
(``tests/test_live_mode.py``; the Voilà run keeps it offline, where its explorers compute settings
ahead by themselves).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Installed in the kernel: only loopback connections, like the tests' own conftest.py.
SITECUSTOMIZE = '''
import ipaddress, socket
_connect = socket.socket.connect
def _loopback_only(sock, address):
    host = address[0] if isinstance(address, tuple) else "localhost"
    try:
        ok = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        ok = False
    if not ok:
        raise ConnectionRefusedError(f"the live-mode test lets the kernel reach only loopback (tried {address!r})")
    return _connect(sock, address)
socket.socket.connect = _loopback_only
'''

#: Run in the kernel after a notebook: how many requests its in-process offline fakes answered (model
#: calls that stayed offline although the notebook ran live: information, not a failure), and whether
#: the loopback-only guard was in force. Prints one JSON line.
KERNEL_FACTS = '''
import gc, json, socket
from memlab.offline.api import OfflineAPI
print(json.dumps({
    "offline_answers": sum(len(api.requests) for api in gc.get_objects() if isinstance(api, OfflineAPI)),
    "loopback_only": socket.socket.connect.__name__ == "_loopback_only",
}))
'''

#: The terminal summary's section for the live runs' lines (see the root conftest.py).
SUMMARY = "memlab-summary: live mode against the stand-in: requests served per notebook"


def write_sitecustomize(folder: Path) -> Path:
    """Write :data:`SITECUSTOMIZE` into ``folder`` (to go first on the kernel's ``PYTHONPATH``)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sitecustomize.py").write_text(SITECUSTOMIZE)
    return folder


def kernel_env(url: str, site: Path) -> dict[str, str]:
    """What a live kernel's environment adds: the switch, a dummy key, the stand-in's URL, the guard."""
    pythonpath = [str(site), str(ROOT), os.environ.get("PYTHONPATH", "")]
    no_proxy = ",".join(filter(None, ["127.0.0.1", "localhost", os.environ.get("NO_PROXY")]))
    return {
        "MEMLAB_LIVE": "1", "OPENAI_API_KEY": "sk-memlab-live-test", "OPENAI_BASE_URL": url,
        "OPENAI_AGENTS_DISABLE_TRACING": "1", "PYTHONPATH": os.pathsep.join(filter(None, pythonpath)),
        "NO_PROXY": no_proxy, "no_proxy": no_proxy,
    }


def read_kernel_facts(text: str) -> dict[str, object]:
    """What :data:`KERNEL_FACTS` printed (its last JSON line), or ``{}`` if it printed none."""
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{") and "offline_answers" in line:
            return json.loads(line)
    return {}


def summary_line(verdict: str, statuses: dict[int, int], facts: dict[str, object], seconds: float, name: str) -> str:
    """One line of the :data:`SUMMARY` section: requests the stand-in served, by status, for ``name``."""
    served = sum(statuses.values())
    listed = ", ".join(f"{count}×{status}" for status, count in sorted(statuses.items())) or "none"
    return (f"{verdict:>4}  {served:4d} requests ({listed}); in-process offline fake answered "
            f"{facts.get('offline_answers', '?'):>3}; {seconds:5.1f} s  {name}")
