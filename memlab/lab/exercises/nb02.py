"""Checks for ``02_trimming``: your own trimming session, and a prediction about forgetting.

* :func:`check_trimming_session` — Exercise 1. Builds your session class and
  runs it on hand-made histories you have not seen: whole turns kept, the
  SDK's ``limit`` rule, ``pop_item``, ``clear_session``, ``session_settings``,
  and one history per session (never one shared by every user).
  No model is called.
* :func:`check_prediction` — Exercise 2. Replays ``LONG`` with
  ``TrimmingSession(max_turns=6)`` through the ``Runner`` (the configured
  model: offline, or live) and compares what happened with what you predicted.
"""

from __future__ import annotations

import copy
import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from agents.memory import Session
from agents.memory.session_settings import SessionSettings

from ...scenario import LONG
from ...items import Item, assistant, call, output, typed_user, user
from .report import CaseFailed, Report, check_cases

__all__ = ["PREDICTION_MAX_TURNS", "check_prediction", "check_trimming_session"]


def _plain_turns(n: int) -> list[list[Item]]:
    """``n`` turns of a user message and a reply each."""
    return [[user(f"question {t}"), assistant(f"answer {t}")] for t in range(1, n + 1)]


def _tool_turns() -> list[list[Item]]:
    """Four turns; turn 2 calls one tool, turn 4 calls two."""
    return [
        [user("My headset crackles."), assistant("Which model is it?")],
        [user("Order ORD-20417, the Pulse headset."),
         call("c-hid-1", "lookup_order", '{"order_id": "ORD-20417"}'),
         output("c-hid-1", '{"status": "delivered"}'),
         assistant("ORD-20417 was delivered on Monday.")],
        [user("It crackles on the left side only."), assistant("Try another cable, please.")],
        [user("Same with another cable. Serial SN-PH7T2K9Q."),
         call("c-hid-2", "run_diagnostics", '{"serial": "SN-PH7T2K9Q"}'),
         output("c-hid-2", '{"error_codes": ["E-4410"]}'),
         call("c-hid-3", "check_warranty", '{"serial": "SN-PH7T2K9Q"}'),
         output("c-hid-3", '{"covered": true}'),
         assistant("E-4410: the left driver failed; it is under warranty.")],
    ]


def _flat(turns: list[list[Item]]) -> list[Item]:
    return [item for turn in turns for item in turn]


def _added_keys(got: Any, wanted: list[Item]) -> list[str]:
    """Keys ``got``'s items hold that the same items in ``wanted`` do not (``[]`` if the lists differ otherwise)."""
    if not isinstance(got, list) or len(got) != len(wanted):
        return []
    added: set[str] = set()
    for mine, theirs in zip(got, wanted):
        if not isinstance(mine, dict) or any(mine.get(key, object()) != value for key, value in theirs.items()):
            return []
        added |= {str(key) for key in mine if key not in theirs}
    return sorted(added)


_BOOKKEEPING = (
    "the SDK sends every key of an item to the API, which refuses unknown ones (a 400 error): "
    "keep your bookkeeping beside the items, not inside them"
)


def _show(items: Any) -> str:
    """A short description of a list of items, for a failure's reason: ``3 items [user, call, output]``."""
    def one(item: Any) -> str:
        if not isinstance(item, dict):
            return type(item).__name__
        if item.get("role") in ("user", "assistant"):
            return "user" if item["role"] == "user" else "reply"
        return {"function_call": "call", "function_call_output": "output"}.get(item.get("type"), str(item.get("type")))
    if not isinstance(items, list):
        return f"a {type(items).__name__}, not a list"
    return f"{len(items)} items [" + ", ".join(one(item) for item in items) + "]"


# --------------------------------------------------------------------- Exercise 1

def check_trimming_session(session_class: Callable[..., Any]) -> Report:
    """Run your trimming session class on hidden cases (Exercise 1 of ``02_trimming``).

    Args:
        session_class: Your class. It is built as
            ``session_class(session_id, max_turns=N)`` and, in one case,
            ``session_class(session_id, max_turns=N, session_settings=SessionSettings(limit=3))``.

    Returns:
        A report: one line per hidden case and a tally (it never raises).
    """

    def new(max_turns: int, **kwargs: Any) -> Any:
        return session_class(f"hidden-{max_turns}", max_turns=max_turns, **kwargs)

    async def add(session: Any, items: list[Item]) -> None:
        """``add_items`` with copies of ``items`` (the expected results keep the originals), as the runner calls it."""
        given = copy.deepcopy(items)
        await session.add_items(given)
        if given != items:
            added = _added_keys(given, items)
            what = f"wrote {', '.join(map(repr, added))} into them" if added else "changed them"
            raise CaseFailed(f"add_items {what}: the items belong to the caller; {_BOOKKEEPING}")

    async def store(session: Any, turns: list[list[Item]], *, one_by_one: bool = False) -> None:
        for turn in turns:
            if one_by_one:  # the runner saves a turn in pieces: the question, each tool step, the reply
                for item in turn:
                    await add(session, [item])
            else:
                await add(session, turn)

    async def expect(session: Any, wanted: list[Item], what: str, **kwargs: Any) -> str | None:
        got = await session.get_items(**kwargs)
        if got != wanted:
            added = _added_keys(got, wanted)
            if added:
                return f"{what}: the items came back with keys they were not given ({', '.join(map(repr, added))}); {_BOOKKEEPING}"
            return f"{what}: expected {_show(wanted)}, got {_show(got)}"
        return None

    async def is_a_session() -> str | None:
        session = new(3)
        methods = ("get_items", "add_items", "pop_item", "clear_session")
        not_async = [m for m in methods if not inspect.iscoroutinefunction(getattr(session, m, None))]
        if not_async:
            return f"these must be `async def` methods: {', '.join(not_async)}"
        if getattr(session, "session_id", None) != "hidden-3":
            return "session_id must be the id the session was built with"
        if not isinstance(session, Session):
            return "not an SDK Session: it needs session_id and session_settings attributes"
        return None

    async def empty() -> str | None:
        session = new(2)
        if (got := await session.get_items()) != []:
            return f"a new session's get_items() must be [], got {_show(got)}"
        if (popped := await session.pop_item()) is not None:
            return f"pop_item() on an empty session must return None, got {popped!r}"
        return None

    async def own_history() -> str | None:
        first, second = new(3), session_class("hidden-other", max_turns=3)
        secret = [user("My PIN is 4321."), assistant("Noted, I won't repeat it.")]
        await store(first, [secret])
        if await second.get_items():
            return ("the second one read the first one's PIN, as every user would read every other's history: "
                    "give each session its own list in __init__ (self._items = []), not one shared by the class")
        await store(second, [[user("Hello?"), assistant("Hi, how can I help?")]])
        return await expect(first, secret, "the first session, after a second one was written")

    def keeps(
        max_turns: int, make_turns: Callable[[], list[list[Item]]], what: str, *, one_by_one: bool = False
    ) -> Callable[[], Awaitable[str | None]]:
        """A case: after storing ``make_turns()``, ``get_items()`` is the newest ``max_turns`` turns, whole."""

        async def case() -> str | None:
            turns = make_turns()
            session = new(max_turns)
            await store(session, turns, one_by_one=one_by_one)
            return await expect(session, _flat(turns[-max_turns:]), what)

        return case

    async def tool_turn_counts_once() -> str | None:
        return (await keeps(2, _tool_turns, "max_turns=2: turns 3 and 4, tool items included")()
                or await keeps(3, _tool_turns, "max_turns=3: turns 2-4, each call with its output")())

    def typed_turns() -> list[list[Item]]:
        return [[typed_user(f"typed question {t}"), assistant(f"answer {t}")] for t in (1, 2, 3)]

    async def limit_rule() -> str | None:
        turns = _tool_turns()
        session = new(2)
        await store(session, turns)
        window = _flat(turns[-2:])  # 8 items
        for limit, wanted in ((None, window), (3, window[-3:]), (1, window[-1:]), (99, window), (0, []), (-2, [])):
            problem = await expect(session, wanted, f"get_items(limit={limit})", limit=limit)
            if problem:
                return problem
        return None

    async def settings_limit() -> str | None:
        session = new(2, session_settings=SessionSettings(limit=3))
        turns = _plain_turns(3)
        await store(session, turns)
        problem = await expect(session, _flat(turns[-2:])[-3:], "with session_settings.limit=3, get_items()")
        if problem:
            return problem
        return await expect(session, _flat(turns[-2:])[-2:], "an explicit limit=2 beats session_settings.limit=3", limit=2)

    async def pop() -> str | None:
        turns = _tool_turns()
        session = new(2)
        await store(session, turns)
        window = _flat(turns[-2:])
        first, second = await session.pop_item(), await session.pop_item()
        if (first, second) != (window[-1], window[-2]):
            return f"two pop_item() calls must return the newest item, then the one before; got {_show([first, second])}"
        return await expect(session, window[:-2], "after two pops")

    async def clear() -> str | None:
        session = new(2)
        await store(session, _plain_turns(3))
        await session.clear_session()
        if (got := await session.get_items()) != []:
            return f"after clear_session(), get_items() must be [], got {_show(got)}"
        if (popped := await session.pop_item()) is not None:
            return f"after clear_session(), pop_item() must return None, got {popped!r}"
        turns = _plain_turns(1)
        await store(session, turns)
        return await expect(session, turns[0], "adding a turn after clear_session()")

    return check_cases("Exercise 1 — your trimming session", [
        ("it is an SDK session: session_id, session_settings, four async methods", is_a_session),
        ("a new session is empty: get_items() is [], pop_item() is None", empty),
        ("two sessions keep two histories: the second does not see the first one's items", own_history),
        ("max_turns=2 keeps the newest two turns of five",
         keeps(2, lambda: _plain_turns(5), "max_turns=2 after five turns")),
        ("a turn with tool calls counts once, and is kept whole", tool_turn_counts_once),
        ("a turn saved in pieces (as the runner saves it) is still one turn",
         keeps(2, _tool_turns, "max_turns=2, items added one add_items call at a time", one_by_one=True)),
        ("max_turns=1 keeps the newest turn, its tool items included",
         keeps(1, _tool_turns, "max_turns=1: the newest turn, whole")),
        ("a user message in the typed form opens a turn too",
         keeps(2, typed_turns, "user messages written as {'type': 'message', 'role': 'user', ...}")),
        ("get_items(limit): None → all, N → the newest N, 0 or less → []", limit_rule),
        ("session_settings.limit is the default limit", settings_limit),
        ("pop_item() returns and removes the newest item", pop),
        ("clear_session() forgets everything", clear),
    ])


# --------------------------------------------------------------------- Exercise 2

_KEYS = tuple(fact.key for fact in LONG.facts)
#: The window of Exercise 2: one the notebook replays nowhere else (it shows 3, 4, 5 and 12), so the
#: prediction is reasoned from the turns, not read off a table.
PREDICTION_MAX_TURNS = 6


async def check_prediction(remembered_at_probe: Iterable[str] | None, sms_first_missing_at: int | None) -> Report:
    """Compare your prediction for ``LONG`` under ``max_turns=6`` with a replay (Exercise 2 of ``02_trimming``).

    Args:
        remembered_at_probe: The keys of the facts the agent still answers
            right at their probe turns (``"contact_channel"``,
            ``"order_number"``, ``"ticket_id"``, ``"serial"``, ``"error_code"``).
        sms_first_missing_at: The first turn whose model input no longer
            holds the SMS preference (planted at turn 1).

    Returns:
        A report: one line per fact and one for the turn, with what really
        happened. It replays only once both answers are filled in.
    """
    title = f"Exercise 2 — your prediction for LONG with max_turns={PREDICTION_MAX_TURNS}"

    def not_started() -> None:
        raise NotImplementedError

    if remembered_at_probe is None or sms_first_missing_at is None:
        return check_cases(title, [("prediction", not_started)])
    try:
        predicted = {remembered_at_probe} if isinstance(remembered_at_probe, str) else set(remembered_at_probe)
    except TypeError:
        predicted = None
    import pandas as pd  # imported here: replaying needs the evals, which need pandas

    from ...evals.replay import run
    from ..views import fact_rows

    replay = await run(LONG, "trimming", max_turns=PREDICTION_MAX_TURNS)
    facts = fact_rows(replay).set_index("fact")

    missing = replay.turns.set_index("turn")["facts_missing"]

    def remembered(key: str) -> bool:
        correct = facts.loc[key, "correct"]
        return not pd.isna(correct) and bool(correct)

    def happened(key: str) -> str:
        row = facts.loc[key]
        seen = [t for t, keys in missing.items() if row["planted"] < t <= row["probe"] and key not in keys]
        where = f"last in the model's input at turn {seen[-1]}" if seen else "in no later model input"
        return f"{'answered right' if remembered(key) else 'forgotten'} at probe turn {row['probe']}, {where}"

    def about(key: str) -> Callable[[], str | None]:
        def case() -> str | None:
            if predicted is None:
                return "remembered_at_probe must be a set of fact keys, e.g. {'serial'}"
            if (key in predicted) != remembered(key):
                return f"you predicted {'remembered' if key in predicted else 'forgotten'}"
            return None
        return case

    forgotten = facts.loc["contact_channel", "forgotten"]
    turn = None if pd.isna(forgotten) else int(forgotten)

    def sms() -> str | None:
        if isinstance(sms_first_missing_at, bool) or not isinstance(sms_first_missing_at, int):
            return f"sms_first_missing_at must be a turn number, got {sms_first_missing_at!r}"
        if turn is None:
            return "in this run the SMS preference never went missing (a live model may repeat it)"
        if sms_first_missing_at != turn:
            return f"you said turn {sms_first_missing_at} (the model sees max_turns earlier turns plus the new message)"
        return None

    unknown = sorted(predicted - set(_KEYS)) if predicted is not None else []
    cases: list[tuple[str, Callable[[], Any]]] = []
    if unknown:
        cases.append(("every key is one of LONG's facts", lambda: f"unknown keys {unknown}; use {', '.join(_KEYS)}"))
    cases += [(f"{key}: {happened(key)}", about(key)) for key in _KEYS]
    when = f"turn {turn}" if turn is not None else "no turn"
    cases.append((f"SMS (planted at turn 1) is first missing from the model's input at {when}", sms))
    return check_cases(title, cases)
