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
    _collect_summary_lines(report)
    path = report.nodeid.split("::", 1)[0]
    if path.endswith(".ipynb"):
        _notebook_seconds[path] = _notebook_seconds.get(path, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _notebook_seconds:
        terminalreporter.section("notebook run times (nbval, target < 20 s each)")
        for path, seconds in sorted(_notebook_seconds.items()):
            terminalreporter.write_line(f"{seconds:6.1f} s  {path}")
    if _summary_lines:
        for section, lines in _summary_lines.items():
            terminalreporter.section(section)
            for line in sorted(lines):
                terminalreporter.write_line(line)


# A test can add a line to a section of the terminal summary with
# ``request.node.user_properties.append(("memlab-summary: <section>", line))``. It
# travels with the test's report, so it is printed under pytest-xdist too (where
# a plugin registered inside a worker never reaches the terminal).
_summary_lines: dict[str, list[str]] = {}
_SUMMARY_PREFIX = "memlab-summary: "


def _collect_summary_lines(report: pytest.TestReport) -> None:
    if report.when == "call":
        for name, line in report.user_properties:
            if name.startswith(_SUMMARY_PREFIX):
                _summary_lines.setdefault(name.removeprefix(_SUMMARY_PREFIX), []).append(line)


# --------------------------------------------------- two workers (pytest-xdist)
# `make test` runs the suite on both cores with ``-n 2 --dist loadgroup``: tests are
# handed out one by one, except the groups below, each of which runs in order in one
# worker. (pytest-xdist's own ``xdist_group`` marker does not group under pytest 9.2,
# which no longer reads the node id xdist rewrites; the scheduler below groups by path.)

#: Test files whose tests must share one worker, besides every notebook (nbval runs a
#: notebook's cells in one kernel, in order): one JupyterLab and Chromium for the lab's
#: module, and a module fixture that replays LONG six times (once, not once per worker).
ONE_WORKER = ("tests/browser/test_lab.py", "tests/evals/test_evals.py")


def worker_group(nodeid: str) -> str:
    """The unit a worker receives a test in: its notebook or file for the groups above, else the test itself."""
    path = nodeid.split("::", 1)[0]
    return path if path.endswith(".ipynb") or path in ONE_WORKER else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """With ``--dist loadgroup``: schedule by :func:`worker_group`. Other ``--dist`` modes are xdist's own."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return worker_group(nodeid)

    return GroupScheduling(config, log)


def _heavy_first(item: pytest.Item) -> int:
    """Where a test goes in the run: JupyterLab's group first, then the other long ones, then the rest."""
    path = item.nodeid.split("::", 1)[0]
    if path == "tests/browser/test_lab.py":
        return 0
    if path.startswith("tests/browser/") or path == "tests/test_live_mode.py" or item.get_closest_marker("process"):
        return 1
    return 2


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On two workers, start the long tests first, so that neither worker is left with one at the end.

    (A stable sort: tests keep their order within each rank, a notebook's cells too.)
    """
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: every worker sorts alike
        items.sort(key=_heavy_first)
