"""The shared way an exercise check reports: one line per case, a tally, never a traceback."""

from __future__ import annotations

import asyncio
import inspect
import threading
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import openai

from ...errors import MemlabError

__all__ = ["CASE_SECONDS", "MODEL_CASE_SECONDS", "CaseFailed", "CaseTimeout", "Prediction", "Report", "acheck_cases", "check_cases"]

NOT_DONE = "not done yet: fill in the exercise cell above, run it, then run this check again"

#: How long one case of :func:`check_cases` may run (no model is called there: cases take milliseconds).
CASE_SECONDS = 10.0
#: How long one case of :func:`acheck_cases` may run (it may call a live model several times).
MODEL_CASE_SECONDS = 180.0


class CaseFailed(MemlabError):
    """Raised inside a case to fail it with a reason; the report shows the reason as the case's line."""


class CaseTimeout(CaseFailed):
    """A case did not finish in time: the learner's code is most likely waiting for something that never comes."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"did not finish within {seconds:g} s, so the check gave up on it: does a method wait for "
            "something that never comes (a lock it already holds, an event nobody sets)?"
        )


@dataclass
class Report:
    """The outcome of one check: a line per case, and whether all passed.

    ``notes`` are printed after the tally: what the run measured besides the cases.
    """

    title: str
    lines: list[str] = field(default_factory=list)
    passed: int = 0
    total: int = 0
    not_started: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.not_started and self.total > 0 and self.passed == self.total

    counted = "hidden cases pass"  # the tally's words: "3/5 hidden cases pass"
    todo = NOT_DONE  # what an exercise not started yet shows

    def __str__(self) -> str:
        if self.not_started:
            return f"{self.title}: {self.todo}"
        tally = f"{self.passed}/{self.total} {self.counted}" + (" — well done!" if self.ok else "")
        return "\n".join([f"{self.title}:", *self.lines, tally, *self.notes])

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

    def add(self, right: bool, what: str, said: str) -> None:
        """Count one prediction: ``✓ what (as you said)``, or ``✗ what (said)`` with what the learner said."""
        self.total += 1
        self.right += right
        self.lines.append(f"  {'✓' if right else '✗'} {what} ({'as you said' if right else said})")


def check_cases(title: str, cases: Iterable[tuple[str, Callable[[], Any]]], *, seconds: float | None = None) -> Report:
    """Run each ``(name, case)``; a case passes when it returns ``None`` or ``True``.

    A case returns a string (or raises :class:`CaseFailed`) to explain a
    failure; any other exception fails the case with its type and message (a
    request the API refused, with the API's own message). A
    ``NotImplementedError`` anywhere means the exercise is not started.

    A case may be ``async``: it runs to completion here, on a loop of its own
    in a worker thread, for at most ``seconds`` (default :data:`CASE_SECONDS`).
    One that takes longer is reported as one line, and the cases after it are
    not run (the same code would most likely hang again). Use
    :func:`acheck_cases` for cases that call a model.
    """
    limit = CASE_SECONDS if seconds is None else seconds
    steps = _Steps(title, cases)
    awaitable = next(steps, None)
    while awaitable is not None:  # each async case, settled in a worker thread
        try:
            outcome = _run_in_thread(awaitable, limit)
        except Exception as error:  # noqa: BLE001 — handed back to the case that raised it
            awaitable = steps.resume(error=error)
        else:
            awaitable = steps.resume(outcome=outcome)
    return steps.report


async def acheck_cases(title: str, cases: Iterable[tuple[str, Callable[[], Any]]], *, seconds: float | None = None) -> Report:
    """:func:`check_cases`, awaited on the caller's loop: for cases that run agents.

    A model client keeps its connections on the loop that opened them, so a
    check that calls a model (live, or the offline model over HTTP) must run
    on the notebook's own loop: ``await acheck_cases(...)``. Each case gets at
    most ``seconds`` (default :data:`MODEL_CASE_SECONDS`); on this loop only
    code that awaits can be stopped.
    """
    limit = MODEL_CASE_SECONDS if seconds is None else seconds
    steps = _Steps(title, cases)
    awaitable = next(steps, None)
    while awaitable is not None:  # each async case, awaited on this loop
        try:
            outcome = await _within(awaitable, limit)
        except Exception as error:  # noqa: BLE001 — handed back to the case that raised it
            awaitable = steps.resume(error=error)
        else:
            awaitable = steps.resume(outcome=outcome)
    return steps.report


class _Steps:
    """The cases of one check, run in order: the one loop :func:`check_cases` and :func:`acheck_cases` share.

    Iterating runs the cases; when a case returns an awaitable, iteration
    stops there and hands it out, for the caller to settle its own way (a
    worker thread, or the notebook's loop) and send back with :meth:`resume`.
    """

    def __init__(self, title: str, cases: Iterable[tuple[str, Callable[[], Any]]]) -> None:
        self.report = Report(title)
        self._cases = list(cases)
        self._at = 0
        self._waiting: str | None = None  # the name of the case whose awaitable is out

    def __iter__(self) -> _Steps:
        return self

    def __next__(self) -> Awaitable[Any]:
        while self._at < len(self._cases):
            name, case = self._cases[self._at]
            try:
                outcome, error = case(), None
                if inspect.isawaitable(outcome):
                    self._waiting = name
                    return outcome
            except Exception as raised:  # noqa: BLE001 — the learner's code may raise anything
                outcome, error = None, raised
            if not self._settle(name, outcome, error):
                break
        raise StopIteration

    def resume(self, *, outcome: Any = None, error: Exception | None = None) -> Awaitable[Any] | None:
        """Hand back the settled awaitable's result; the next awaitable to settle, or ``None`` when done."""
        name, self._waiting = self._waiting, None
        return next(self, None) if self._settle(name or "", outcome, error) else None

    def _settle(self, name: str, outcome: Any, error: Exception | None) -> bool:
        """Note one case's result; ``False`` stops the check (not started, or a hang)."""
        self._at += 1
        if not _note(self.report, name, outcome, error):
            self._at = len(self._cases)
            return False
        if isinstance(error, CaseTimeout):
            _not_run(self.report, self._cases[self._at:])
            self._at = len(self._cases)
            return False
        return True


async def _within(awaitable: Awaitable[Any], seconds: float) -> Any:
    """Await ``awaitable`` for at most ``seconds``; :class:`CaseTimeout` if it takes longer.

    A ``TimeoutError`` the learner's own code raises is not ours: it is reported as itself.
    """
    deadline = asyncio.timeout(seconds)
    try:
        async with deadline:
            return await awaitable
    except TimeoutError:
        if deadline.expired():
            raise CaseTimeout(seconds) from None
        raise


def _run_in_thread(awaitable: Awaitable[Any], seconds: float) -> Any:
    """Run ``awaitable`` on a new event loop in a worker thread, for at most ``seconds``.

    A thread, so the check works in a notebook (whose loop is already running)
    and gives up even on code that blocks its thread without awaiting (a
    ``threading.Lock`` taken twice): such a thread cannot be stopped, so it is
    a daemon, left behind instead of hanging the kernel.
    """
    result: dict[str, Any] = {}

    def work() -> None:
        try:
            result["value"] = asyncio.run(_within(awaitable, seconds))
        except BaseException as exc:  # noqa: BLE001 — handed to the caller's thread below
            result["error"] = exc

    worker = threading.Thread(target=work, name="memlab-exercise-case", daemon=True)
    worker.start()
    worker.join(seconds + 2.0)  # _within stops code that awaits; this catches code that blocks
    if worker.is_alive():
        raise CaseTimeout(seconds)
    if "error" in result:
        raise result["error"]
    return result["value"]


def _not_run(report: Report, rest: list[tuple[str, Any]]) -> None:
    """Count the cases after a hung one as failed, in one line."""
    if rest:
        report.total += len(rest)
        report.lines.append(f"  ✗ {len(rest)} more case(s) not run: fix the hang above first")


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
    elif isinstance(error, (CaseFailed, AssertionError)):  # (a learner's own assert reads the same way)
        report.lines.append(f"  ✗ {name}: {error or 'not as expected'}")
    elif isinstance(error, openai.APIStatusError):  # a request the API refused: its own message says why
        message = error.body.get("message") if isinstance(error.body, dict) else error.message
        report.lines.append(f"  ✗ {name}: the model call failed ({type(error).__name__}: {message})")
    else:
        report.lines.append(f"  ✗ {name}: raised {type(error).__name__}: {error}")
    return True
