"""The check every notebook and the app go through: move sliders, compare with the oracle.

For every explorer on the page: its first parameter by keyboard (focus the
handle, one arrow key: a new setting, so the kernel replays the conversation
and the page must follow), its turn slider by mouse drag (a cached replay,
shown at once), and its first parameter back by drag. After each move the
kernel must hold the new value, and the page's answer, probe verdict,
counters and row statuses must be exactly what memlab computes in this
process for the values the kernel holds. Every explorer's answer must change
at least once, so the check cannot pass by comparing a frozen page with itself.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page

from . import explorers as ex

Values = dict[str, int]
KernelState = Callable[[int], Values]

#: A new setting is a replay through the Runner in the kernel (seconds on a loaded machine).
SETTLE = 120.0
#: Once the kernel has no replay running, how long the page may take to show its result.
IDLE_GRACE = 15.0


@dataclass
class Moves:
    """What happened, for the report and for the non-vacuity checks."""

    log: list[str] = field(default_factory=list)
    answers: dict[int, set[str]] = field(default_factory=dict)
    reply_changed_by_parameter: dict[int, bool] = field(default_factory=dict)


def wait_for(check: Callable[[], Any], what: str, timeout: float = 10.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def check_explorer(
    page: Page, index: int, oracle: ex.Oracle, kernel_state: KernelState, where: str,
    kernel_busy: Callable[[int], bool] | None = None,
) -> ex.Expected:
    """Assert the page shows exactly the oracle's view for the values the kernel holds.

    Polled until both agree: a new setting replays in the kernel before the
    page can change. Only the settled state is judged: the check gives up
    :data:`IDLE_GRACE` seconds after the kernel reports no replay running
    (``kernel_busy``), or after :data:`SETTLE` seconds in any case.
    """

    def problems() -> list[str]:
        values = kernel_state(index)
        return ex.mismatch(ex.read_explorers(page)[index], oracle.expected(values), values)

    deadline, idle_since = time.monotonic() + SETTLE, None
    while (left := problems()) and time.monotonic() < deadline:
        if kernel_busy is None or kernel_busy(index):
            idle_since = None
        elif idle_since is None:
            idle_since = time.monotonic()
        elif time.monotonic() - idle_since > IDLE_GRACE:
            break
        time.sleep(0.25)
    assert not left, f"{where}: explorer {index} ({oracle.kind}) does not show the kernel's state:\n  " + "\n  ".join(left)
    return oracle.expected(kernel_state(index))


def _move(page: Page, index: int, name: str, how: str, kernel_state: KernelState, label: str) -> tuple[int, int]:
    slider = ex.read_explorers(page)[index]["sliders"][name]
    current, low, high = slider["value"], slider["min"], slider["max"]
    if how == "keyboard":
        key = "ArrowRight" if current < high else "ArrowLeft"
        target = current + 1 if key == "ArrowRight" else current - 1
        ex.press(page, index, name, key)
    else:
        target = low + 1 if current != low + 1 else high
        ex.drag(page, index, name, target, low, high)
    wait_for(lambda: ex.read_explorers(page)[index]["sliders"][name]["value"] == target,
             f"{label}[{index}] {name} to reach {target} on the page ({how})")
    wait_for(lambda: kernel_state(index)[name] == target, f"{label}[{index}] kernel {name} == {target} ({how})")
    return current, target


def exercise(
    page: Page, oracles: list[ex.Oracle], kernel_state: KernelState, label: str,
    kernel_busy: Callable[[int], bool] | None = None,
) -> Moves:
    """Move each explorer's sliders (keyboard and drag), checking the page after each move.

    Args:
        page: The page with the explorers (already read once, so marked).
        oracles: One per explorer, in page order.
        kernel_state: ``kernel_state(i)`` -> the kernel's parameter and turn values for explorer ``i``.
        label: Names the page in failure messages.
        kernel_busy: ``kernel_busy(i)`` -> whether explorer ``i`` is still replaying a setting
            (``None``: unknown, so every check waits up to :data:`SETTLE`).
    """
    moves = Moves()
    for index, oracle in enumerate(oracles):
        first = ex.PARAMETERS[oracle.kind][0]
        expected = check_explorer(page, index, oracle, kernel_state, f"{label}, initial state", kernel_busy)
        moves.answers[index] = {expected.answer}
        for name, how in ((first, "keyboard"), ("turn", "drag"), (first, "drag")):
            before = expected
            current, target = _move(page, index, name, how, kernel_state, label)
            where = f"{label}, after {how} {name} {current} -> {target}"
            expected = check_explorer(page, index, oracle, kernel_state, where, kernel_busy)
            moves.answers[index].add(expected.answer)
            if name == first and how == "keyboard":
                moves.reply_changed_by_parameter[index] = expected.answer != before.answer
            moves.log.append(f"{where}: ok ({expected.counters})")
        assert len(moves.answers[index]) > 1, f"{label}: explorer {index}'s answer never changed; the check would be vacuous"
    return moves


#: How long the work ahead may take to replay every setting one move away (seconds on a loaded machine).
AHEAD = 240.0


def check_work_ahead(page: Page, oracles: list[ex.Oracle], label: str,
                     move_ready: Callable[[int, str, int], bool] | None = None) -> list[str]:
    """Each explorer on screen replays the settings one slider move away by itself; then a move is served from them.

    The front end reports the explorer's views to the kernel, which starts the
    work ahead (live, where each replay is billed, the line offers a button
    instead, and the check presses it, as a learner who wants it does); its
    line must come to say that all are ready, and a keyboard
    move of the last parameter (``max_tokens``, which :func:`exercise` never
    moves, so only the work ahead can have replayed its new value) must then be
    shown from the cache.

    With ``move_ready(index, name, direction)`` (whether the kernel holds the replay of the setting one step
    of slider ``name`` away, up for ``1``, down for ``-1``), the check
    waits for the line to count progress and for that one move's setting instead of all of them: live,
    each of the dozens of settings is a billed replay over HTTP, and that every one of them gets ready
    is checked in the kernel (``tests/lab/test_widgets.py``) and, in a browser, offline by the Voilà run.
    """
    log = []
    for index, oracle in enumerate(oracles):
        def all_ready() -> re.Match[str] | None:
            line = ex.read_explorers(page)[index]["ahead"] or ""
            found = re.match(r"(\d+) of (\d+) settings ready", line)
            return found if found and found.group(1) == found.group(2) else None

        line = ex.read_explorers(page)[index]["ahead"] or ""
        if "live:" in line:
            assert "billed" in line, f"{label}[{index}]: live, the work ahead must say that each replay is billed: {line!r}"
            button = page.locator(f'[data-memlab-explorer="{index}"] button').filter(has_text=re.compile(r"^replay \d+ ahead$"))
            button.click()
            log.append(f"explorer {index}: live, nothing replayed ahead until asked ({line}); asked with its button")
        last = ex.PARAMETERS[oracle.kind][-1]
        slider = ex.read_explorers(page)[index]["sliders"][last]
        key = "ArrowRight" if slider["value"] < slider["max"] else "ArrowLeft"
        direction = 1 if key == "ArrowRight" else -1
        if move_ready is None:
            total = wait_for(all_ready, f"{label}[{index}]: its work ahead to make every setting one move away ready", AHEAD).group(2)
        else:
            def progress() -> re.Match[str] | None:
                found = re.match(r"(\d+) of (\d+) settings ready", ex.read_explorers(page)[index]["ahead"] or "")
                if not found or int(found.group(1)) in asked:  # the kernel is asked once per count shown
                    return None
                asked.add(int(found.group(1)))
                return found if int(found.group(1)) > ready_at_first and move_ready(index, last, direction) else None

            first = re.match(r"(\d+) of", line)
            ready_at_first, asked = (int(first.group(1)) if first else 0), set()
            found = wait_for(progress, f"{label}[{index}]: its work ahead to replay {last} {key}, one move away", AHEAD)
            total = f"{found.group(1)} of {found.group(2)}"
        ex.press(page, index, last, key)
        wait_for(lambda: "from the cache" in (ex.read_explorers(page)[index]["status"] or ""),
                 f"{label}[{index}]: a move, once {total} settings are ready, to be shown from the cache")
        made = f"all {total} settings ready" if move_ready is None else f"{total} settings ready, {last} {key} among them"
        log.append(f"explorer {index}: work ahead made {made}; {last} {key}: shown from the cache")
    return log
