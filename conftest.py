"""Test-wide guards: no network, no API key, no tracing export.

Every test in memlab must run offline. We enforce that here rather than trusting
each test to behave: any socket connection to a non-loopback address raises.
"""

from __future__ import annotations

import ipaddress
import os
import socket

import pytest

# Remove the key before anything imports openai; kernels started by nbval inherit this env.
os.environ.pop("OPENAI_API_KEY", None)
os.environ.pop("MEMLAB_LIVE", None)
os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"

from agents import set_tracing_disabled  # noqa: E402

set_tracing_disabled(True)


class NetworkBlockedError(RuntimeError):
    """Raised when a test tries to reach a non-loopback address."""


def _is_loopback(address: object) -> bool:
    if isinstance(address, tuple) and address:
        host = address[0]
    else:  # AF_UNIX paths and the like are local by nature
        return True
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False  # a host name other than localhost would need DNS: refuse it


_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex


def _guarded_connect(self: socket.socket, address: object) -> None:
    if not _is_loopback(address):
        raise NetworkBlockedError(f"memlab tests may not reach the network (tried {address!r})")
    return _real_connect(self, address)


def _guarded_connect_ex(self: socket.socket, address: object) -> int:
    if not _is_loopback(address):
        raise NetworkBlockedError(f"memlab tests may not reach the network (tried {address!r})")
    return _real_connect_ex(self, address)


socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
socket.socket.connect_ex = _guarded_connect_ex  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def _no_api_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("MEMLAB_LIVE", raising=False)


# ----------------------------------------------------------- notebook timings
# nbval runs each notebook cell as one test item; report the total per notebook.
_notebook_seconds: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    path = report.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        _notebook_seconds[path] = _notebook_seconds.get(path, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _notebook_seconds:
        terminalreporter.section("notebook run times (nbval, target < 20 s each)")
        for path, seconds in sorted(_notebook_seconds.items()):
            terminalreporter.write_line(f"{seconds:6.1f} s  {path}")
