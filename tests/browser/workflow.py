"""The check every notebook and the app go through: move each slider, compare.

For every explorer on the page and every one of its sliders: one keyboard move
(focus the handle, ArrowLeft or ArrowRight) and one mouse drag. After each
move the kernel must hold the new value, and the page's counters, table and
summary line must be exactly what :mod:`memlab.views` computes for the
parameters the kernel holds. Every explorer's view must change at least once,
so the check cannot pass by comparing a frozen page with itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from . import explorers as ex

Params = dict[str, int]
KernelState = Callable[[int], tuple[Params, "str | None"]]


@dataclass
class Moves:
    """What happened, for the report and for the non-vacuity check."""

    log: list[str] = field(default_factory=list)
    changed: dict[int, int] = field(default_factory=dict)


def wait_for(check: Callable[[], Any], what: str, timeout: float = 8.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def check_explorer(
    page: Page, index: int, oracle: ex.Oracle, kernel_state: KernelState, where: str, timeout: float = 8.0
) -> ex.Expected:
    """Assert the page shows exactly the oracle's view for the parameters the kernel holds.

    Both sides are polled until they agree or ``timeout`` passes: a widget
    update takes a round trip, and a probe can land while the kernel is still
    handling the slider's message. Only the settled state is judged.
    """
    def problems() -> list[str]:
        params, counters = kernel_state(index)
        found = ex.mismatch(ex.read_explorers(page)[index], oracle.expected(params), params)
        if counters is not None and ex.html_text(counters) != oracle.expected(params).counters:
            found.append(f"kernel widget counters {ex.html_text(counters)!r} != expected {oracle.expected(params).counters!r}")
        return found

    left = ex.eventually(problems, timeout=timeout)
    assert not left, f"{where}: explorer {index} ({oracle.kind}) does not show the kernel's state:\n  " + "\n  ".join(left)
    return oracle.expected(kernel_state(index)[0])


def exercise(
    page: Page,
    oracles: list[ex.Oracle],
    kernel_state: KernelState,
    label: str,
) -> Moves:
    """Move every slider of every explorer by keyboard and by drag, checking after each move.

    Args:
        page: The page with the explorers (already read once, so marked).
        oracles: One per explorer, in page order.
        kernel_state: ``kernel_state(i)`` -> (the kernel's parameters for
            explorer ``i``, the kernel's counters HTML or ``None``).
        label: Names the page in failure messages.
    """
    moves = Moves()
    for index, oracle in enumerate(oracles):
        previous = check_explorer(page, index, oracle, kernel_state, f"{label}, initial state")
        moves.changed[index] = 0
        for name in ex.SLIDERS[oracle.kind]:
            for how in ("keyboard", "drag"):
                slider = ex.read_explorers(page)[index]["sliders"][name]
                current, low, high = slider["value"], slider["min"], slider["max"]
                if high == low:
                    moves.log.append(f"{label}[{index}] {name}: fixed at {low}, not movable")
                    continue
                if how == "keyboard":
                    key = "ArrowLeft" if current > low else "ArrowRight"
                    target = current - 1 if key == "ArrowLeft" else current + 1
                    ex.press(page, index, name, key)
                else:
                    target = low + 1 if current != low + 1 else high
                    ex.drag(page, index, name, target, low, high)
                wait_for(
                    lambda: ex.read_explorers(page)[index]["sliders"][name]["value"] == target,
                    f"{label}[{index}] {name} to reach {target} on the page ({how})",
                )
                wait_for(
                    lambda: kernel_state(index)[0][name] == target,
                    f"{label}[{index}] kernel {name} == {target} ({how})",
                )
                where = f"{label}, after {how} {name} {current} -> {target}"
                expected = check_explorer(page, index, oracle, kernel_state, where)
                if expected != previous:
                    moves.changed[index] += 1
                previous = expected
                moves.log.append(f"{where}: ok ({expected.counters})")
        assert moves.changed[index] > 0, f"{label}: explorer {index}'s view never changed; the check would be vacuous"
    return moves


def oracle_for(state: dict[str, Any]) -> ex.Oracle:
    """An oracle from a kernel probe's full state of one explorer."""
    must_keep = state.get("must_keep") or []
    if state["kind"] == "summarizing":
        assert state.get("default_summarizer", True), (
            "explorer uses a custom summarizer; the test-side oracle cannot reproduce it"
        )
        assert all(isinstance(rule, str) for rule in must_keep), "must_keep rules must be regex strings for the oracle"
    return ex.Oracle(state["kind"], state["items"], must_keep)
