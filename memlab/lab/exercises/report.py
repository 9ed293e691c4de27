"""The shared way an exercise check reports: one line per case, a tally, never a traceback."""

from __future__ import annotations

import asyncio
import ctypes
import inspect
import signal
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
    """A case did not finish in time: the learner's code most likely loops forever or waits for something that never comes."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"did not finish within {seconds:g} s, so the check gave up on it: does a loop never end (a counter "
            "never moves on), or a method wait for something that never comes (a lock it already holds, an "
            "event nobody sets)?"
        )


class _OutOfTime(BaseException):
    """Raised *inside* a case's code to stop it once its time is up (then reported as :class:`CaseTimeout`).

    A ``BaseException``, like ``KeyboardInterrupt``, so that ``except Exception``
    in the learner's loop does not swallow it.
    """


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

    Each case gets at most ``seconds`` (default :data:`CASE_SECONDS`). A case
    that takes longer is stopped and reported as one line, and the cases after
    it are not run (the same code would most likely hang again): a plain case
    runs in this thread and is stopped from inside (:func:`_call_in_time`); an
    ``async`` one runs to completion on a loop of its own in a worker thread.
    Use :func:`acheck_cases` for cases that call a model.

    Whatever a case raises is its line — ``SystemExit`` from ``exit()`` and a
    ``CancelledError`` from a task it awaited too — except ``KeyboardInterrupt``
    (the stop button), which stops the check.
    """
    limit = CASE_SECONDS if seconds is None else seconds
    steps = _Steps(title, cases, limit)
    awaitable = next(steps, None)
    while awaitable is not None:  # each async case, settled in a worker thread
        try:
            outcome = _run_in_thread(awaitable, limit)
        except BaseException as error:  # noqa: BLE001 — handed back to the case that raised it
            if _stops_the_check(error):
                raise
            awaitable = steps.resume(error=error)
        else:
            awaitable = steps.resume(outcome=outcome)
    return steps.report


async def acheck_cases(title: str, cases: Iterable[tuple[str, Callable[[], Any]]], *, seconds: float | None = None) -> Report:
    """:func:`check_cases`, awaited on the caller's loop: for cases that run agents.

    A model client keeps its connections on the loop that opened them, so a
    check that calls a model (live, or the offline model over HTTP) must run
    on the notebook's own loop: ``await acheck_cases(...)``. Each case gets at
    most ``seconds`` (default :data:`MODEL_CASE_SECONDS`): a plain case is
    stopped as in :func:`check_cases`; on this loop, an ``async`` one is
    stopped only where it awaits. Cancelling the check's own task cancels it.
    """
    limit = MODEL_CASE_SECONDS if seconds is None else seconds
    steps = _Steps(title, cases, limit)
    awaitable = next(steps, None)
    while awaitable is not None:  # each async case, awaited on this loop
        try:
            outcome = await _within(awaitable, limit)
        except BaseException as error:  # noqa: BLE001 — handed back to the case that raised it
            if _stops_the_check(error):
                raise
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

    def __init__(self, title: str, cases: Iterable[tuple[str, Callable[[], Any]]], seconds: float) -> None:
        self.report = Report(title)
        self._cases = list(cases)
        self._seconds = seconds
        self._at = 0
        self._waiting: str | None = None  # the name of the case whose awaitable is out

    def __iter__(self) -> _Steps:
        return self

    def __next__(self) -> Awaitable[Any]:
        while self._at < len(self._cases):
            name, case = self._cases[self._at]
            try:
                outcome, error = _call_in_time(case, self._seconds), None
                if inspect.isawaitable(outcome):
                    self._waiting = name
                    return outcome
            except BaseException as raised:  # noqa: BLE001 — the learner's code may raise anything
                if _stops_the_check(raised):
                    raise
                outcome, error = None, raised
            if not self._settle(name, outcome, error):
                break
        raise StopIteration

    def resume(self, *, outcome: Any = None, error: BaseException | None = None) -> Awaitable[Any] | None:
        """Hand back the settled awaitable's result; the next awaitable to settle, or ``None`` when done."""
        name, self._waiting = self._waiting, None
        return next(self, None) if self._settle(name or "", outcome, error) else None

    def _settle(self, name: str, outcome: Any, error: BaseException | None) -> bool:
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


def _stops_the_check(error: BaseException) -> bool:
    """Whether ``error`` stops the whole check instead of failing one case.

    ``KeyboardInterrupt`` is the learner pressing stop; a ``CancelledError``
    stops the check only when the check's own task was cancelled (a case's
    code raises one too when a task *it* awaited was cancelled).
    """
    if isinstance(error, KeyboardInterrupt):
        return True
    if isinstance(error, asyncio.CancelledError):
        try:
            task = asyncio.current_task()
        except RuntimeError:  # no event loop in this thread: nothing of ours was cancelled
            return False
        return task is not None and task.cancelling() > 0
    return False


def _call_in_time(case: Callable[[], Any], seconds: float) -> Any:
    """``case()``, stopped with :class:`CaseTimeout` if it runs longer than ``seconds``.

    In the main thread on Unix (a notebook cell runs there) the case runs
    right here, and an alarm signal stops it from inside wherever it is — a
    loop, a sleep, a lock — so nothing is left running afterwards. Elsewhere
    (Windows, another thread, an alarm already in use) it runs in a worker
    thread, which is asked to stop when its time is up (:func:`_stop`).
    """
    if _alarm_is_free():
        return _call_with_alarm(case, seconds)
    return _call_in_thread(case, seconds)


#: After the first alarm, how often it rings again while a case that swallowed it still runs.
_RING_AGAIN = 1.0


def _alarm_is_free() -> bool:
    """Whether this thread may time a case with ``SIGALRM``: Unix, the main thread, no handler or timer of anyone else's."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return False
    return signal.getsignal(signal.SIGALRM) in (signal.SIG_DFL, signal.SIG_IGN) and signal.getitimer(signal.ITIMER_REAL)[0] == 0


def _call_with_alarm(case: Callable[[], Any], seconds: float) -> Any:
    """``case()`` in this (the main) thread; after ``seconds`` a ``SIGALRM`` raises :class:`_OutOfTime` inside it.

    The alarm rings again every :data:`_RING_AGAIN` seconds in case the code
    swallows it (a bare ``except:``), and a case that swallowed it and then
    returned is still reported as out of time. The previous handler is put
    back and the timer stopped before this returns, whatever happened.
    """
    state = {"running": True, "rang": False}

    def ring(signum: int, frame: Any) -> None:
        if state["running"]:
            state["rang"] = True
            raise _OutOfTime

    previous = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds, _RING_AGAIN)
        try:
            outcome = case()
        finally:
            state["running"] = False
    except BaseException as error:
        if state["rang"] and not isinstance(error, KeyboardInterrupt):  # stopped by the alarm, whatever the case made of it
            raise CaseTimeout(seconds) from None
        raise
    finally:
        state["running"] = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if state["rang"]:
        raise CaseTimeout(seconds)
    return outcome


def _run_in_thread(awaitable: Awaitable[Any], seconds: float) -> Any:
    """Run ``awaitable`` on a new event loop in a worker thread, for at most ``seconds``.

    A thread, so the check works in a notebook (whose loop is already running).
    :func:`_within` stops code that awaits; the thread's own time limit (a
    little longer) catches code that blocks its thread without awaiting (a
    ``threading.Lock`` taken twice, a loop with no ``await``).
    """
    return _call_in_thread(lambda: asyncio.run(_within(awaitable, seconds)), seconds, grace=2.0)


#: How long :func:`_stop` waits for a worker thread it asked to stop.
_STOP_GRACE = 1.0


def _call_in_thread(work: Callable[[], Any], seconds: float, *, grace: float = 0.0) -> Any:
    """``work()`` in a daemon worker thread; :class:`CaseTimeout` if it runs longer than ``seconds`` (plus ``grace``)."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["value"] = work()
        except BaseException as exc:  # noqa: BLE001 — handed to the caller's thread below
            result["error"] = exc

    worker = threading.Thread(target=run, name="memlab-exercise-case", daemon=True)
    worker.start()
    try:
        worker.join(seconds + grace)
    except KeyboardInterrupt:  # the learner pressed stop: stop the case too
        _stop(worker)
        raise
    if worker.is_alive():
        _stop(worker)
        raise CaseTimeout(seconds)
    if "error" in result:
        raise result["error"]
    return result["value"]


def _stop(worker: threading.Thread) -> None:
    """Ask a worker thread that ran out of time to stop, so it does not keep a core busy.

    Python cannot kill a thread, but it can raise an exception in one
    (``PyThreadState_SetAsyncExc`` of CPython's C API): the thread raises
    :class:`_OutOfTime` at its next Python instruction, so a runaway loop
    ends at once. Code blocked inside C (a lock taken twice, a long sleep)
    sees it only when that call returns; the thread is a daemon, so it never
    keeps Python from exiting.
    """
    if worker.ident is None or not worker.is_alive() or not hasattr(ctypes, "pythonapi"):
        return
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident), ctypes.py_object(_OutOfTime))
    worker.join(_STOP_GRACE)


def _not_run(report: Report, rest: list[tuple[str, Any]]) -> None:
    """Count the cases after a hung one as failed, in one line."""
    if rest:
        report.total += len(rest)
        report.lines.append(f"  ✗ {len(rest)} more case(s) not run: fix the hang above first")


def _note(report: Report, name: str, outcome: Any, error: BaseException | None) -> bool:
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
    elif isinstance(error, SystemExit):  # exit() or sys.exit() in the learner's code
        code = "" if error.code is None else f" with {error.code!r}"
        report.lines.append(f"  ✗ {name}: called exit(){code} (SystemExit): return or raise instead; exit() ends the program")
    elif isinstance(error, asyncio.CancelledError):
        report.lines.append(f"  ✗ {name}: raised CancelledError: a task it awaited was cancelled")
    else:
        said = f": {error}" if str(error) else ""
        report.lines.append(f"  ✗ {name}: raised {type(error).__name__}{said}")
    return True
