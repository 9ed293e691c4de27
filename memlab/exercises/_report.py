"""The shared way an exercise check reports: one line per case, a tally, never a traceback."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import openai

from .._sync import run_sync

__all__ = ["Prediction", "Report", "acheck_cases", "check_cases"]

NOT_DONE = "not done yet: fill in the exercise cell above, run it, then run this check again"


@dataclass
class Report:
    """The outcome of one check: a line per case, and whether all passed."""

    title: str
    lines: list[str] = field(default_factory=list)
    passed: int = 0
    total: int = 0
    not_started: bool = False

    @property
    def ok(self) -> bool:
        return not self.not_started and self.total > 0 and self.passed == self.total

    counted = "hidden cases pass"  # the tally's words: "3/5 hidden cases pass"
    todo = NOT_DONE  # what an exercise not started yet shows

    def __str__(self) -> str:
        if self.not_started:
            return f"{self.title}: {self.todo}"
        tally = f"{self.passed}/{self.total} {self.counted}" + (" — well done!" if self.ok else "")
        return "\n".join([f"{self.title}:", *self.lines, tally])

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # IPython shows the text, not the dataclass
        printer.text(str(self))


class Prediction(Report):
    """A prediction next to what happened: one line per candidate, and how many were right."""

    counted = "predicted right"
    todo = "not done yet: write your prediction in the cell above, run it, then run this cell again"

    @property
    def right(self) -> int:
        """How many candidates were predicted right (the report's ``passed``)."""
        return self.passed

    @right.setter
    def right(self, value: int) -> None:
        self.passed = value


def check_cases(title: str, cases: Iterable[tuple[str, Callable[[], Any]]]) -> Report:
    """Run each ``(name, case)``; a case passes when it returns ``None`` or ``True``.

    A case returns a string (or raises ``AssertionError``) to explain a
    failure; any other exception fails the case with its type and message (a
    request the API refused, with the API's own message). A
    ``NotImplementedError`` anywhere means the exercise is not started. A case
    may be ``async``: it runs to completion here, on a loop of its own, so use
    :func:`acheck_cases` for cases that call a model.
    """
    report = Report(title)
    for name, case in cases:
        try:
            outcome, error = case(), None
            if inspect.isawaitable(outcome):
                outcome = run_sync(_awaited(outcome))
        except Exception as raised:  # noqa: BLE001 — the learner's code may raise anything
            outcome, error = None, raised
        if not _note(report, name, outcome, error):
            break
    return report


async def acheck_cases(title: str, cases: Iterable[tuple[str, Callable[[], Any]]]) -> Report:
    """:func:`check_cases`, awaited on the caller's loop: for cases that run agents.

    A model client keeps its connections on the loop that opened them, so a
    check that calls a model (live, or the offline model over HTTP) must run
    on the notebook's own loop: ``await acheck_cases(...)``.
    """
    report = Report(title)
    for name, case in cases:
        try:
            outcome, error = case(), None
            if inspect.isawaitable(outcome):
                outcome = await outcome
        except Exception as raised:  # noqa: BLE001 — the learner's code may raise anything
            outcome, error = None, raised
        if not _note(report, name, outcome, error):
            break
    return report


def _note(report: Report, name: str, outcome: Any, error: Exception | None) -> bool:
    """Add one case's line to ``report``; ``False`` means stop: the exercise is not started."""
    report.total += 1
    if isinstance(error, NotImplementedError):
        report.not_started = True
        return False
    if error is None and (outcome is None or outcome is True):
        report.passed += 1
        report.lines.append(f"  ✓ {name}")
    elif error is None:
        report.lines.append(f"  ✗ {name}: {outcome}")
    elif isinstance(error, AssertionError):
        report.lines.append(f"  ✗ {name}: {error or 'not as expected'}")
    elif isinstance(error, openai.APIStatusError):  # a request the API refused: its own message says why
        message = error.body.get("message") if isinstance(error.body, dict) else error.message
        report.lines.append(f"  ✗ {name}: the model call failed ({type(error).__name__}: {message})")
    else:
        report.lines.append(f"  ✗ {name}: raised {type(error).__name__}: {error}")
    return True


async def _awaited(awaitable: Any) -> Any:
    return await awaitable
