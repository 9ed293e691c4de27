"""Checks for notebook 05 (threads and backends).

* Exercise 1 is a prediction: which of five sessions continue a thread?
  :func:`reveal_shared_thread` reads each one and compares your guess with
  what it holds.
* Exercise 2 asks for ``finish_approval(saved, agent)``: resume a run that
  stopped for a tool approval, on the thread it came from, with nothing but
  what was saved when it stopped. :func:`check_finish_approval` runs it on
  threads the notebook never showed (a thread alone in its file, two threads
  in one file, a thread with earlier turns) and reads each file afterwards:
  the answer must land in the thread that asked, not in a silent fork.

Both checks are ``async`` (``await`` them in the notebook): the runs happen on
the notebook's own event loop, so they work live as well as offline.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from agents import Runner, SQLiteSession, function_tool

from ...scenario import create_ticket_backend, support_agent, support_tools
from ...storage.log import CorruptStoreError
from ...trimming import TrimmingSession
from ...turns import item_type
from .report import Prediction, Report, acheck_cases

__all__ = ["check_finish_approval", "reveal_shared_thread", "Prediction"]


# -- exercise 1: a prediction ----------------------------------------------------------


def _where(session: Any) -> tuple[str, str | None]:
    """``(session id, file name or None)`` of a memlab session's store (``None``: no store, or in memory)."""
    store = getattr(session, "store", None)
    if store is None:
        return session.session_id, None
    path = str(getattr(store, "db_path", ":memory:"))
    return store.session_id, None if path == ":memory:" else Path(path).name


async def reveal_shared_thread(prediction: Any, candidates: dict[str, Any], reference: Any) -> Prediction:
    """Compare a guess with what each candidate session reads.

    Args:
        prediction: The letters you think continue ``reference``'s thread (a set).
        candidates: Letter → session.
        reference: The session whose thread is asked about (it must hold items).

    A candidate continues the thread when it reads the same history as
    ``reference``; the line says why or why not (its store, id and file).
    """
    report = Prediction("Exercise 1: who continues the thread?")
    if not prediction:
        report.not_started = True
        return report
    guessed = {str(letter).strip().lower() for letter in prediction}
    history = await reference.get_items()
    ref_id, ref_file = _where(reference)
    for letter, session in candidates.items():
        report.total += 1
        items = await session.get_items()
        shares = bool(history) and items == history
        session_id, file = _where(session)
        if file is None:
            why = "its history lives in the object itself: a new, empty thread"
        elif session_id != ref_id:
            why = f"another session id ({session_id!r}) in the same file: another thread"
        elif file != ref_file:
            why = f"same id, another file ({file}): another thread"
        else:
            why = "same file, same id: the same thread"
        said = "you said it shares" if letter in guessed else "you said it does not"
        mark = "✓" if (letter in guessed) == shares else "✗"
        report.right += mark == "✓"
        count = f"{len(items)} item{'s' * (len(items) != 1)}"
        report.lines.append(f"  {mark} {letter}: reads {count} — {why} ({said})")
    return report


# -- exercise 2: finish an approval on the right thread --------------------------------

REQUESTS = {
    "alone": "The charger is missing from order ORD-73914. Please open a ticket for it.",
    "shared": "My router from order ORD-48213 arrived with a cracked case. Please open a ticket for a replacement.",
    "history": "Please open a ticket for the missing headset.",
}


def _kinds(items: list[dict[str, Any]]) -> list[str]:
    return [item.get("role", "?") if item_type(item) == "message" else item_type(item) for item in items]


class _Desk:
    """A gated ``create_ticket`` (it needs approval) and the tickets it really opened."""

    def __init__(self) -> None:
        self.opened: list[str] = []

        @function_tool(needs_approval=True)
        def create_ticket(summary: str) -> str:
            """Open a ticket for the repair or warehouse team; a human approves it first.

            Args:
                summary: What the team must do, in one or two sentences.
            """
            reply = create_ticket_backend(summary)
            self.opened.append(json.loads(reply).get("ticket_id", ""))
            return reply

        tools = [tool for tool in support_tools() if tool.name != "create_ticket"] + [create_ticket]
        self.agent = support_agent(tools=tools)


def _thread(session_id: str, file: Path) -> TrimmingSession:
    """How the notebook's threads are kept: a TrimmingSession(max_turns=6) over a file."""
    return TrimmingSession(session_id, max_turns=6, store=SQLiteSession(session_id, file))


async def _pending(desk: _Desk, session_id: str, file: Path, request: str, before: tuple[str, ...] = ()) -> dict[str, Any]:
    """Run ``before`` then ``request`` on a thread; return what was saved when it stopped."""
    thread = _thread(session_id, file)
    for text in before:
        await Runner.run(desk.agent, text, session=thread)
    result = await Runner.run(desk.agent, request, session=thread)
    if not result.interruptions:
        raise RuntimeError(f"the check's own set-up did not stop for approval (the model said {result.final_output!r})")
    return {"state": result.to_state().to_string(), "file": str(file), "session_id": session_id}


async def _verdict(desk: _Desk, finish: Callable[..., Awaitable[Any]], saved: dict[str, Any]) -> str | None:
    """Run the learner's ``finish`` on ``saved``; ``None`` if the thread that asked got the answer."""
    result = await finish(dict(saved), desk.agent)
    if result is None:
        return "finish_approval returned None; return the RunResult of the resumed run"
    if getattr(result, "interruptions", None):
        return "the run stopped again for approval: approve every pending call of the restored state"
    if not desk.opened:
        return "no ticket was opened: the approved tool never ran"
    if len(desk.opened) > 1:
        return f"{len(desk.opened)} tickets were opened for one approval"
    file = Path(saved["file"])
    try:
        thread = await _thread(saved["session_id"], file).get_items()
    except CorruptStoreError:
        return (
            f"the thread {saved['session_id']!r} in {file.name} now holds plain SDK items after memlab's log: "
            "resume with the session the thread lives in (a TrimmingSession over the file), not a bare SQLiteSession"
        )
    kinds = _kinds(thread)
    if kinds[-2:] != ["function_call_output", "assistant"]:
        return (
            f"the thread {saved['session_id']!r} in {file.name} ends with {kinds[-2:]}: the tool's output and the "
            "answer went to another storage (a silent fork); resume on the same file with the same id"
        )
    if desk.opened[0] not in str(getattr(result, "final_output", "")):
        return "the resumed run's answer does not name the ticket it opened"
    return None


def _case_alone(finish: Callable[..., Awaitable[Any]], root: Path) -> Callable[[], Awaitable[str | None]]:
    async def run() -> str | None:
        desk = _Desk()
        saved = await _pending(desk, "ticket-desk-7", root / "desk.db", REQUESTS["alone"])
        return await _verdict(desk, finish, saved)

    return run


def _case_shared(finish: Callable[..., Awaitable[Any]], root: Path) -> Callable[[], Awaitable[str | None]]:
    async def run() -> str | None:
        desk = _Desk()
        file = root / "shared.db"
        neighbour = _thread("customer-a", file)
        await Runner.run(desk.agent, "My order ORD-48213 arrived broken.", session=neighbour)
        untouched = await neighbour.get_items()
        saved = await _pending(desk, "customer-b", file, REQUESTS["shared"])
        problem = await _verdict(desk, finish, saved)
        if problem is None and await _thread("customer-a", file).get_items() != untouched:
            return "the other thread in the same file ('customer-a') changed: resume on the saved session id"
        return problem

    return run


def _case_history(finish: Callable[..., Awaitable[Any]], root: Path) -> Callable[[], Awaitable[str | None]]:
    async def run() -> str | None:
        desk = _Desk()
        before = ("My order ORD-73914 arrived without the headset.",)
        saved = await _pending(desk, "customer-c", root / "history.db", REQUESTS["history"], before)
        problem = await _verdict(desk, finish, saved)
        if problem is not None:
            return problem
        later = _thread("customer-c", Path(saved["file"]))
        answer = await Runner.run(desk.agent, "What is the ticket number, and which order was it about?", session=later)
        said = str(answer.final_output)
        if desk.opened[0] not in said:
            return f"afterwards, the thread does not know its ticket (the agent said {said!r})"
        return None

    return run


async def check_finish_approval(finish: Callable[..., Awaitable[Any]]) -> Report:
    """Run the learner's ``finish_approval(saved, agent)`` on three hidden threads.

    Each case opens a thread (a ``TrimmingSession(max_turns=6)`` over a
    ``SQLiteSession`` on a file in a temporary folder), asks for a ticket with
    an approval-gated tool, and hands ``finish`` what an application would
    have saved: ``{"state": RunState JSON string, "file": path, "session_id": id}``
    and the agent. A case passes when the tool ran exactly once and the thread
    that asked — read back from its file — ends with the tool's output and the
    answer; the other thread of a shared file must not change, and a thread
    with earlier turns must afterwards know its ticket.

    Returns:
        A :class:`~memlab.lab.exercises.Report`; "not done yet" while ``finish``
        raises ``NotImplementedError``.
    """
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        cases = [
            ("a thread alone in its file", _case_alone(finish, root)),
            ("two threads in one file: the answer goes to the one that asked", _case_shared(finish, root)),
            ("a thread with earlier turns knows its ticket afterwards", _case_history(finish, root)),
        ]
        return await acheck_cases("Exercise 2: finish an approval on its own thread", cases)
