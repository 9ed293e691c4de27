"""The shared way an exercise check reports: one line per case, a tally, never a traceback."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .._sync import run_sync

__all__ = ["Report", "check_cases"]

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

    def __str__(self) -> str:
        if self.not_started:
            return f"{self.title}: {NOT_DONE}"
        tally = f"{self.passed}/{self.total} hidden cases pass" + (" — well done!" if self.ok else "")
        return "\n".join([f"{self.title}:", *self.lines, tally])

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # IPython shows the text, not the dataclass
        printer.text(str(self))


def check_cases(title: str, cases: Iterable[tuple[str, Callable[[], Any]]]) -> Report:
    """Run each ``(name, case)``; a case passes when it returns ``None`` or ``True``.

    A case returns a string (or raises ``AssertionError``) to explain a
    failure; any other exception fails the case with its type and message. A
    ``NotImplementedError`` anywhere means the exercise is not started. A case
    may be ``async``.
    """
    report = Report(title)
    for name, case in cases:
        report.total += 1
        try:
            outcome = case()
            if inspect.isawaitable(outcome):
                outcome = run_sync(_awaited(outcome))
        except NotImplementedError:
            report.not_started = True
            return report
        except AssertionError as failure:
            report.lines.append(f"  ✗ {name}: {failure or 'not as expected'}")
            continue
        except Exception as error:  # noqa: BLE001 — the learner's code may raise anything
            report.lines.append(f"  ✗ {name}: raised {type(error).__name__}: {error}")
            continue
        if outcome is None or outcome is True:
            report.passed += 1
            report.lines.append(f"  ✓ {name}")
        else:
            report.lines.append(f"  ✗ {name}: {outcome}")
    return report


async def _awaited(awaitable: Any) -> Any:
    return await awaitable

