"""The SDK's session contract, checked on every session memlab ships.

Each test runs one script twice: on the SDK's own ``SQLiteSession`` in memory
(the *control*) and on one memlab session configured to keep everything
(``max_turns=10**6``, ``context_limit=10**6`` with no summarizer). Such a
session has no reason to behave differently from the control, so the test
asserts that both give the same results: any difference is a contract
violation, and it shows up as a failing test.

The memlab sessions (the ``variant`` parameter):

* ``TrimmingSession`` and ``SummarizingSession`` in memory;
* the same two with ``store=`` an SDK ``SQLiteSession`` file, a
  ``RedisSession`` (a throwaway ``redis-server``) and a ``SQLAlchemySession``
  (``sqlite+aiosqlite``);
* a ``TrimmingSession`` whose store is an ``IntegritySession`` over a
  ``SQLiteSession`` file (the HMAC chain under the op log);
* a ``TenantGuardSession`` around an in-memory ``TrimmingSession`` under one of
  acme's ids (``allow_direct=True`` for direct calls; runs carry ``tenant_id`` "acme");
* an ``IntegritySession`` straight over a ``SQLiteSession`` file, and a
  ``TenantGuardSession`` around one whose signed head lives in a ``FileHeadStore``.

The Redis variants need ``redis-server`` (marked ``redis``); they are skipped
only where a test drives the session from several event loops, which the SDK's
``RedisSession`` itself does not support.

What the contract says comes from the SDK itself (``agents.memory``,
``agents.run_internal``) and the behaviours its own session tests pin down;
the test code here is memlab's own. Models are the SDK's ``ScriptedModel``:
no network, and every model input is recorded.
"""

from __future__ import annotations

import asyncio
import copy
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from agents import Agent, RunConfig, Runner, SQLiteSession, function_tool
from agents.extensions.memory.redis_session import RedisSession
from agents.extensions.memory.sqlalchemy_session import SQLAlchemySession
from agents.memory import Session, SessionSettings
from agents.run_internal.session_persistence import rewind_session_items
from agents.testing import ScriptedModel, assistant_message, function_call

from memlab import IntegritySession, SummarizingSession, TenantGuardSession, TieredSession, TrimmingSession, tenant_session_id
from memlab.storage.heads import FileHeadStore

from memlab.items import assistant, call, output, reasoning, user

Item = dict[str, Any]

EVERYTHING = 10**6
"""A window no test conversation reaches: the memlab sessions keep every item."""
KEY = b"k" * 32
TENANT = "acme"
RUN_CONTEXT = {"tenant_id": TENANT}
"""Passed to every run: the tenant guard needs it, every other session ignores it."""
THREADS = 10
THREAD_DEADLINE = 60.0
"""Seconds the 10 writer threads get in all (they need about 0.1 s); one still running then is hung.
A guard against hanging the suite, not a measure of speed: generous enough for the busiest machine."""
CROSS_LOOP_REASON = (
    "a Redis store cannot be driven from another event loop: the SDK's own RedisSession "
    "binds its client and lock to the loop that first used it (a bare RedisSession used "
    "from a second loop raises 'attached to a different loop')"
)


# --------------------------------------------------------------- the sessions


def _trimming(session_id: str, settings: Any, store: Session | None = None) -> TrimmingSession:
    return TrimmingSession(session_id, max_turns=EVERYTHING, store=store, session_settings=settings)


def _summarizing(session_id: str, settings: Any, store: Session | None = None) -> SummarizingSession:
    return SummarizingSession(
        keep_last_n_turns=2,
        context_limit=EVERYTHING,
        summarizer=None,
        session_id=session_id,
        store=store,
        session_settings=settings,
    )


def _tiered(session_id: str, settings: Any, store: Session | None = None) -> TieredSession:
    return TieredSession(2, None, session_id, max_tokens=EVERYTHING, store=store, session_settings=settings)


@dataclass
class Backends:
    """Makes the stores a test's sessions live in, and closes them all afterwards.

    The memlab sessions of one test share one SQLite file (``x.db``), one Redis
    server and one SQLAlchemy database, as sessions of one application would.
    """

    tmp_path: Path
    redis_url: str | None = None
    closers: list[Callable[[], Awaitable[None] | None]] = field(default_factory=list)

    def control(self, session_id: str, settings: Any) -> SQLiteSession:
        """The SDK's own session, in memory: the reference every memlab session is held to."""
        store = SQLiteSession(session_id, session_settings=settings)
        self.closers.append(store.close)
        return store

    def sqlite(self, session_id: str) -> SQLiteSession:
        store = SQLiteSession(session_id, self.tmp_path / "x.db")
        self.closers.append(store.close)
        return store

    def redis(self, session_id: str) -> RedisSession:
        assert self.redis_url is not None, "the redis_url fixture was not requested"
        store = RedisSession.from_url(session_id, url=self.redis_url)
        self.closers.append(store.close)
        return store

    def sqlalchemy(self, session_id: str) -> SQLAlchemySession:
        url = f"sqlite+aiosqlite:///{self.tmp_path / 'sqlalchemy.db'}"
        store = SQLAlchemySession.from_url(session_id, url=url, create_tables=True)
        self.closers.append(store.engine.dispose)
        return store

    async def close(self) -> None:
        for close in reversed(self.closers):
            result = close()
            if asyncio.iscoroutine(result):
                await result


Builder = Callable[[Backends, str, Any], Session]

VARIANTS: dict[str, Builder] = {
    "trimming-memory": lambda b, sid, s: _trimming(sid, s),
    "summarizing-memory": lambda b, sid, s: _summarizing(sid, s),
    "trimming-sqlite": lambda b, sid, s: _trimming(sid, s, b.sqlite(sid)),
    "summarizing-sqlite": lambda b, sid, s: _summarizing(sid, s, b.sqlite(sid)),
    "tiered-memory": lambda b, sid, s: _tiered(sid, s),
    "tiered-sqlite": lambda b, sid, s: _tiered(sid, s, b.sqlite(sid)),
    "trimming-redis": lambda b, sid, s: _trimming(sid, s, b.redis(sid)),
    "summarizing-redis": lambda b, sid, s: _summarizing(sid, s, b.redis(sid)),
    "trimming-sqlalchemy": lambda b, sid, s: _trimming(sid, s, b.sqlalchemy(sid)),
    "summarizing-sqlalchemy": lambda b, sid, s: _summarizing(sid, s, b.sqlalchemy(sid)),
    "trimming-integrity-sqlite": lambda b, sid, s: _trimming(sid, s, IntegritySession(b.sqlite(sid), key=KEY)),
    "tenant-guard-trimming-memory": lambda b, sid, s: TenantGuardSession(
        _trimming(tenant_session_id(TENANT, sid), s), TENANT, allow_direct=True
    ),
    "integrity-sqlite": lambda b, sid, s: IntegritySession(b.sqlite(sid), key=KEY, session_settings=s),
    "tenant-guard-integrity-sqlite": lambda b, sid, s: TenantGuardSession(
        IntegritySession(b.sqlite(tenant_session_id(TENANT, sid)), key=KEY, head_store=FileHeadStore(b.tmp_path / "heads.json"), session_settings=s),
        TENANT,
        allow_direct=True,
    ),
}


def _uses_redis(variant: str) -> bool:
    return "redis" in variant


def variant_params(*, cross_loop: bool = False) -> list[Any]:
    """One ``pytest.param`` per memlab session; Redis ones marked, and skipped where
    the test needs several event loops (``cross_loop``), which no Redis store supports."""
    params = []
    for name in VARIANTS:
        marks = []
        if _uses_redis(name):
            marks.append(pytest.mark.redis)
            if cross_loop:
                marks.append(pytest.mark.skip(reason=CROSS_LOOP_REASON))
        params.append(pytest.param(name, marks=marks, id=name))
    return params


RUNNER_METHODS = ["run", "run_sync", "run_streamed"]


def runner_params() -> list[Any]:
    """Every (variant, runner method) pair; ``run_sync`` runs on its own event loop."""
    params = []
    for name in VARIANTS:
        for method in RUNNER_METHODS:
            marks = []
            if _uses_redis(name):
                marks.append(pytest.mark.redis)
                if method == "run_sync":
                    marks.append(pytest.mark.skip(reason=CROSS_LOOP_REASON))
            params.append(pytest.param(name, method, marks=marks, id=f"{name}-{method}"))
    return params


@dataclass
class Pair:
    """A test's two sessions, built by the same call: the SDK control and a memlab session."""

    control: Session
    candidate: Session


@dataclass
class SessionFactory:
    """``factory(variant, session_id=..., session_settings=...)`` builds one fresh session;
    ``"control"`` is the SDK's ``SQLiteSession``. ``factory.pair(...)`` builds both."""

    backends: Backends

    def __call__(self, variant: str, session_id: str = "conv", session_settings: Any = None) -> Session:
        if variant == "control":
            return self.backends.control(session_id, session_settings)
        return VARIANTS[variant](self.backends, session_id, session_settings)

    def pair(self, variant: str, session_id: str = "conv", session_settings: Any = None) -> Pair:
        return Pair(self("control", session_id, session_settings), self(variant, session_id, session_settings))


@pytest.fixture
async def make(request: pytest.FixtureRequest, tmp_path: Path):
    """A :class:`SessionFactory` for this test; everything it made is closed afterwards
    (SQLite files closed, SQLAlchemy engines disposed, Redis clients closed), so no
    ResourceWarning is left for ``filterwarnings = error`` to find. A Redis server is
    started only for the Redis variants."""
    callspec = getattr(request.node, "callspec", None)
    variant = callspec.params.get("variant", "") if callspec else ""
    url = request.getfixturevalue("redis_url") if _uses_redis(variant) else None
    backends = Backends(tmp_path, redis_url=url)
    yield SessionFactory(backends)
    await backends.close()


async def on_both(pair: Pair, script: Callable[[Session], Awaitable[Any]]) -> tuple[Any, Any]:
    """Run ``script`` on the control, then on the memlab session; return both results."""
    return await script(pair.control), await script(pair.candidate)


# ------------------------------------------------------------- items and runs


def texts(items: list[Item]) -> list[str]:
    """The text content of plain messages, in order."""
    return [item["content"] for item in items]


def kinds(items: list[Item]) -> list[str]:
    """Each item's type (``"message"`` for the easy ``{"role", "content"}`` form), in order."""
    return [item.get("type", "message") for item in items]


def chat(n: int) -> list[Item]:
    """``n`` turns of plain messages: user, assistant, user, assistant..."""
    items: list[Item] = []
    for i in range(1, n + 1):
        items += [user(f"question {i}"), {"role": "assistant", "content": f"answer {i}"}]
    return items


def tool_history() -> list[Item]:
    """Three turns; the second and third use a tool, so most cuts land inside a tool turn."""
    return [
        user("question 1"),
        assistant("answer 1", "msg_1"),
        user("question 2"),
        reasoning("rs_2"),
        call("call_2"),
        output("call_2", "result 2"),
        assistant("answer 2", "msg_2"),
        user("question 3"),
        call("call_3"),
        output("call_3", "result 3"),
        assistant("answer 3", "msg_3"),
    ]


@function_tool
def lookup_order(order_id: str) -> str:
    """Look up an order's shipping status."""
    return f"Order {order_id}: shipped"


@function_tool(needs_approval=True)
def refund_order(order_id: str) -> str:
    """Refund an order (a person must approve it first)."""
    return f"Order {order_id}: refunded"


def agent_with(model: ScriptedModel) -> Agent:
    return Agent(name="Support", instructions="Help with orders.", model=model, tools=[lookup_order, refund_order])


def reply(text: str, n: int) -> list[Any]:
    """One scripted model step: an assistant message with a unique id (the SDK dedupes by id)."""
    return [assistant_message(text, item_id=f"msg_reply_{n}")]


def _run_sync_on_own_loop(agent: Agent, text: Any, kwargs: dict[str, Any]) -> Any:
    """``Runner.run_sync`` in a worker thread with a fresh event loop, as an application calls it."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        return Runner.run_sync(agent, text, **kwargs)
    finally:
        asyncio.set_event_loop(None)
        loop.close()


async def run_agent(method: str, agent: Agent, text: Any, session: Session, **kwargs: Any) -> Any:
    """Run one turn with ``Runner.run``, ``Runner.run_sync`` or ``Runner.run_streamed``."""
    kwargs = {"session": session, "context": RUN_CONTEXT, **kwargs}
    if method == "run":
        return await Runner.run(agent, text, **kwargs)
    if method == "run_sync":
        return await asyncio.to_thread(_run_sync_on_own_loop, agent, text, kwargs)
    if method == "run_streamed":
        result = Runner.run_streamed(agent, text, **kwargs)
        async for _event in result.stream_events():
            pass
        return result
    raise ValueError(f"unknown runner method {method!r}")


def inputs(model: ScriptedModel) -> list[Any]:
    """Every input the model received, in call order."""
    return [recorded.input for recorded in model.calls]


# ======================================================= the Session protocol


@pytest.mark.parametrize("variant", variant_params())
async def test_items_come_back_in_the_order_they_were_added(make, variant: str) -> None:
    """``get_items()`` returns every added item, oldest first, across several batches."""
    history = tool_history()

    async def script(session: Session) -> list[Item]:
        await session.add_items(history[:3])
        await session.add_items([])
        await session.add_items(history[3:])
        return await session.get_items()

    control, candidate = await on_both(make.pair(variant), script)
    assert control == history
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_get_items_hands_out_copies(make, variant: str) -> None:
    """What a caller does to its lists and items, before or after, never changes what is stored."""

    async def script(session: Session) -> list[Item]:
        items = [user("hello"), assistant("hi there", "msg_1")]
        await session.add_items(items)
        items[0]["content"] = "edited after add_items"
        items.append(user("appended after add_items"))
        read = await session.get_items()
        read[1]["content"][0]["text"] = "edited after get_items"
        read.clear()
        return await session.get_items()

    control, candidate = await on_both(make.pair(variant), script)
    assert control == [user("hello"), assistant("hi there", "msg_1")]
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_pop_item_returns_the_newest_item_then_none(make, variant: str) -> None:
    """``pop_item`` removes and returns the newest item; on an empty session it returns ``None``."""

    async def script(session: Session) -> list[Any]:
        seen: list[Any] = [await session.pop_item()]
        await session.add_items(chat(2))
        for _ in range(5):
            seen.append(await session.pop_item())
            seen.append(await session.get_items())
        return seen

    control, candidate = await on_both(make.pair(variant), script)
    assert control[0] is None and control[-2:] == [None, []]
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_clear_session_forgets_everything(make, variant: str) -> None:
    """After ``clear_session`` the session is empty and usable again."""

    async def script(session: Session) -> list[Any]:
        await session.add_items(tool_history())
        await session.clear_session()
        after_clear = await session.get_items()
        popped = await session.pop_item()
        await session.add_items([user("fresh start")])
        return [after_clear, popped, await session.get_items()]

    control, candidate = await on_both(make.pair(variant), script)
    assert control == [[], None, [user("fresh start")]]
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_sessions_with_different_ids_stay_apart(make, variant: str) -> None:
    """Two conversations in one backend: writes, pops and clears of one never touch the other."""

    async def script(first: Session, second: Session) -> list[Any]:
        await first.add_items([user("first 1")])
        await second.add_items([user("second 1"), user("second 2")])
        popped = await second.pop_item()
        await first.clear_session()
        await first.add_items([user("first 2")])
        return [popped, await first.get_items(), await second.get_items()]

    control = await script(make("control", "one"), make("control", "two"))
    candidate = await script(make(variant, "one"), make(variant, "two"))
    assert control == [user("second 2"), [user("first 2")], [user("second 1")]]
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_limit_follows_the_sdk_rule(make, variant: str) -> None:
    """``get_items(limit)``: ``None`` all, ``<= 0`` none, else the newest ``limit`` items in order.

    A negative limit is the one place where the control is not the reference:
    the pinned ``SQLiteSession`` hands it to SQLite, where ``LIMIT -1`` means
    "no limit" (its code says it keeps that on purpose), while ``RedisSession``
    and the SDK's documented rule return ``[]``. memlab follows the rule.
    """
    limits = [None, 0, 1, 2, 3, 5, 6, 7, 100]

    async def script(session: Session) -> dict[Any, list[Item]]:
        await session.add_items(chat(3))
        return {limit: await session.get_items(limit=limit) for limit in limits}

    pair = make.pair(variant)
    control, candidate = await on_both(pair, script)
    history = chat(3)
    assert control == {limit: (history if limit is None else history[-limit:] if limit > 0 else []) for limit in limits}
    assert candidate == control
    assert [await pair.candidate.get_items(limit=limit) for limit in (-1, -5)] == [[], []]


@pytest.mark.parametrize("variant", variant_params())
async def test_limit_may_cut_inside_a_tool_pair(make, variant: str) -> None:
    """``get_items(limit=N)`` returns exactly the newest N items, even when the cut
    separates a tool output from its call. The SDK reads a session's tail this
    way (its rewind compares the tail it read with what it wants to pop), so a
    shorter answer is not a safe answer: it is a different tail."""

    async def script(session: Session) -> dict[int, list[Item]]:
        await session.add_items(tool_history())
        return {limit: await session.get_items(limit=limit) for limit in range(1, len(tool_history()) + 1)}

    control, candidate = await on_both(make.pair(variant), script)
    assert control == {limit: tool_history()[-limit:] for limit in control}
    wrong = [f"limit={limit} gave {len(candidate[limit])}" for limit in control if candidate[limit] != control[limit]]
    assert not wrong, "the newest N items were not returned: " + ", ".join(wrong)


@pytest.mark.parametrize("variant", variant_params())
async def test_session_settings_limit_is_the_default_read_limit(make, variant: str) -> None:
    """``session_settings.limit`` applies when ``get_items`` gets no limit; an explicit one wins."""

    async def script(session: Session) -> list[list[Item]]:
        await session.add_items([user(f"message {i}") for i in range(5)])
        return [await session.get_items(), await session.get_items(limit=2), await session.get_items(limit=10)]

    control, candidate = await on_both(make.pair(variant, session_settings=SessionSettings(limit=3)), script)
    assert [texts(read) for read in control] == [
        ["message 2", "message 3", "message 4"],
        ["message 3", "message 4"],
        [f"message {i}" for i in range(5)],
    ]
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_session_settings_dict_is_normalised_at_construction(make, variant: str) -> None:
    """``session_settings={"limit": 1}`` becomes ``SessionSettings(limit=1)`` when the session is
    built, as the SDK's sessions do (the runner reads ``session.session_settings.limit``)."""
    pair = make.pair(variant, session_settings={"limit": 1})
    assert pair.control.session_settings == SessionSettings(limit=1)
    settings = pair.candidate.session_settings
    assert isinstance(settings, SessionSettings), f"session_settings is a {type(settings).__name__}, not SessionSettings"
    assert settings.limit == 1


@pytest.mark.parametrize("variant", variant_params())
async def test_session_settings_unknown_key_is_refused_at_construction(make, variant: str) -> None:
    """A misspelt settings key (``{"limitt": 1}``) raises when the session is built, with the
    exception type the SDK's ``SQLiteSession`` raises, instead of being silently ignored."""
    with pytest.raises(Exception) as control_error:
        make("control", session_settings={"limitt": 1})
    assert isinstance(control_error.value, TypeError)  # the SDK's choice; memlab must match it
    with pytest.raises(type(control_error.value), match="limitt"):
        make(variant, session_settings={"limitt": 1})


# ------------------------------------------------------- reads never repair


@pytest.mark.parametrize("variant", variant_params())
async def test_reads_return_a_lone_tool_output_unchanged(make, variant: str) -> None:
    """A stored ``function_call_output`` with no call comes back as stored: a session
    stores and returns, and pruning is the runner's job (it knows when to prune)."""

    async def script(session: Session) -> list[list[Item]]:
        await session.add_items([output("call_elsewhere", "late result")])
        return [await session.get_items(), await session.get_items(limit=1)]

    control, candidate = await on_both(make.pair(variant), script)
    assert control == [[output("call_elsewhere", "late result")]] * 2
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_reads_return_an_unanswered_call_unchanged(make, variant: str) -> None:
    """A stored ``[user, function_call]`` (its output not written yet) comes back as stored,
    and ``get_items(limit=1)`` is the call itself."""

    async def script(session: Session) -> list[list[Item]]:
        await session.add_items([user("where is A1?"), call("call_open")])
        return [await session.get_items(), await session.get_items(limit=1)]

    control, candidate = await on_both(make.pair(variant), script)
    assert control == [[user("where is A1?"), call("call_open")], [call("call_open")]]
    assert candidate == control


ORPHANED_HISTORY = [
    output("call_gone", "result of a call no longer stored"),
    user("question 1"),
    assistant("answer 1", "msg_1"),
    user("question 2"),
    call("call_open"),
]
"""History a crash or a hand edit can leave: an output without its call, a call without its output."""


@pytest.mark.parametrize("how", ["no-limit", "read-limit", "input-callback"])
@pytest.mark.parametrize("variant", variant_params())
async def test_history_reaches_the_runner_as_stored(make, variant: str, how: str) -> None:
    """The runner, not the session, decides what to prune. It always drops the unanswered
    call; the orphaned output it keeps without a read limit and prunes with one; a
    ``session_input_callback`` sees the stored history unchanged, and the orphaned output
    it returns is kept. The callback's view and the model input must match the control's."""

    async def script(session: Session) -> dict[str, Any]:
        await session.add_items(copy.deepcopy(ORPHANED_HISTORY))
        seen: list[list[Item]] = []

        def callback(history: list[Item], new_input: list[Item]) -> list[Item]:
            seen.append(copy.deepcopy(history))
            return history + new_input

        config = {
            "no-limit": RunConfig(),
            "read-limit": RunConfig(session_settings=SessionSettings(limit=len(ORPHANED_HISTORY))),
            "input-callback": RunConfig(session_input_callback=callback),
        }[how]
        model = ScriptedModel([reply("noted", 1)])
        await run_agent("run", agent_with(model), "question 3", session, run_config=config)
        return {"callback saw": seen, "model input": inputs(model)}

    control, candidate = await on_both(make.pair(variant), script)
    if how == "input-callback":
        assert control["callback saw"] == [ORPHANED_HISTORY]
    assert candidate == control


PROGRAM = {"type": "program", "id": "prog_1", "call_id": "prog_1", "code": "report()", "status": "in_progress"}
OWNED_CALL = {**call("call_owned"), "caller": {"type": "program", "caller_id": "prog_1"}}
OWNED_OUTPUT = output("call_owned", "rows: 12")


@pytest.mark.parametrize("limit", [None, 10], ids=["no-limit", "read-limit"])
@pytest.mark.parametrize("variant", variant_params())
async def test_program_owned_call_is_pruned_with_its_program(make, variant: str, limit: int | None) -> None:
    """A ``program`` item without its ``program_output`` is an orphan; the function call it
    owns (``caller.caller_id`` names the program) goes with it, and with a read limit the
    call's output too: the model input holds none of the three. The session must hand the
    runner the stored items so that it can see the ownership."""
    history = [user("run the report"), PROGRAM, OWNED_CALL, OWNED_OUTPUT]

    async def script(session: Session) -> list[Any]:
        await session.add_items(copy.deepcopy(history))
        model = ScriptedModel([reply("the report is still running", 1)])
        config = RunConfig(session_settings=SessionSettings(limit=limit))
        await run_agent("run", agent_with(model), "any news?", session, run_config=config)
        return inputs(model)[0]

    control, candidate = await on_both(make.pair(variant), script)
    if limit is not None:
        assert kinds(control) == ["message", "message"]  # the user's two messages, nothing else
    assert kinds(candidate) == kinds(control)
    assert candidate == control


# ============================================================ through the Runner


@pytest.mark.parametrize(("variant", "method"), runner_params())
async def test_runner_remembers_earlier_turns(make, variant: str, method: str) -> None:
    """Two turns, the first with a tool round trip: every model call sees the same history
    as with the control, and the session ends holding the same items."""

    async def script(session: Session) -> dict[str, Any]:
        model = ScriptedModel(
            [
                [function_call("lookup_order", {"order_id": "A1"}, call_id="call_a1")],
                reply("A1 has shipped.", 1),
                reply("You asked about A1.", 2),
            ]
        )
        agent = agent_with(model)
        finals = []
        for text in ["Where is my order A1?", "Which order did I ask about?"]:
            finals.append((await run_agent(method, agent, text, session)).final_output)
        return {"finals": finals, "model inputs": inputs(model), "stored": await session.get_items()}

    control, candidate = await on_both(make.pair(variant), script)
    assert control["finals"] == ["A1 has shipped.", "You asked about A1."]
    assert kinds(control["model inputs"][-1]) == ["message", "function_call", "function_call_output", "message", "message"]
    assert candidate == control


@pytest.mark.parametrize("limit", [None, 0, 2, 100])
@pytest.mark.parametrize("variant", variant_params())
async def test_run_config_limit_shapes_the_model_input(make, variant: str, limit: int | None) -> None:
    """``RunConfig(session_settings=SessionSettings(limit=N))`` gives the model the newest N
    history items plus the new input, as with the control (None: all, 0: none)."""

    async def script(session: Session) -> list[Any]:
        await session.add_items(chat(3))
        model = ScriptedModel([reply("answer 4", 4)])
        config = RunConfig(session_settings=SessionSettings(limit=limit))
        await run_agent("run", agent_with(model), "question 4", session, run_config=config)
        return inputs(model)[0]

    control, candidate = await on_both(make.pair(variant), script)
    assert control == (chat(3) if limit is None else chat(3)[-limit:] if limit else []) + [user("question 4")]
    assert candidate == control


@pytest.mark.parametrize(("variant", "method"), runner_params())
async def test_failed_turn_rewinds_like_the_control(make, variant: str, method: str) -> None:
    """A turn whose model fails after a tool ran leaves ``[user, call, output]`` behind.

    The SDK rolls session items back with ``rewind_session_items`` (the runner uses
    it before retrying a request): it reads the tail with ``get_items(limit=len(items))``
    and pops only if that tail is exactly the items to remove. The pinned runner
    leaves a failed turn of a local session in place (it rewinds only
    server-managed conversations), so the test calls the helper itself, to roll
    back the tool output; the session must end as the control does."""

    async def script(session: Session) -> dict[str, Any]:
        model = ScriptedModel(
            [[function_call("lookup_order", {"order_id": "A1"}, call_id="call_a1")], RuntimeError("model unavailable")]
        )
        with pytest.raises(RuntimeError, match="model unavailable"):
            await run_agent(method, agent_with(model), "Where is my order A1?", session)
        after_failure = await session.get_items()
        await rewind_session_items(session, after_failure[-1:])
        return {"after failure": after_failure, "after rewind": await session.get_items()}

    control, candidate = await on_both(make.pair(variant), script)
    assert kinds(control["after failure"]) == ["message", "function_call", "function_call_output"]
    assert candidate["after failure"] == control["after failure"]
    assert candidate["after rewind"] == control["after rewind"], (
        f"after rolling back the tool output {len(candidate['after rewind'])} item(s) remain, "
        f"the control keeps {len(control['after rewind'])}"
    )


def approval_agent(decision: str) -> tuple[Agent, ScriptedModel]:
    """An agent whose model asks to refund order A1 (a tool that needs approval), then replies."""
    model = ScriptedModel(
        [
            [function_call("refund_order", {"order_id": "A1"}, call_id="call_refund")],
            reply("Done." if decision == "approve" else "I did not refund it.", 1),
        ]
    )
    return agent_with(model), model


@pytest.mark.parametrize("decision", ["approve", "reject"])
@pytest.mark.parametrize("variant", variant_params())
async def test_human_approval_interrupts_and_resumes(make, variant: str, decision: str) -> None:
    """A tool that needs approval interrupts the run; the run resumes from its state with the
    same session after a person approves or rejects. The model sees the same inputs and the
    session ends with the same items as with the control."""

    async def script(session: Session) -> dict[str, Any]:
        agent, model = approval_agent(decision)
        first = await run_agent("run", agent, "Please refund order A1.", session)
        interrupted = [item.raw_item.call_id for item in first.interruptions]
        state = first.to_state()
        getattr(state, decision)(first.interruptions[0])
        resumed = await run_agent("run", agent, state, session)
        return {
            "interrupted": interrupted,
            "final": resumed.final_output,
            "left pending": len(resumed.interruptions),
            "model inputs": inputs(model),
            "stored": await session.get_items(),
        }

    control, candidate = await on_both(make.pair(variant), script)
    assert control["interrupted"] == ["call_refund"] and control["left pending"] == 0
    assert candidate == control


@pytest.mark.parametrize("variant", variant_params())
async def test_history_while_waiting_for_approval_is_read_as_stored(make, variant: str) -> None:
    """While a run waits for approval the session holds ``[user, function_call]``: the call is
    stored, its output is not there yet. Reading the session then (to show what is pending,
    say) returns both items, as with the control."""

    async def script(session: Session) -> list[Item]:
        agent, _model = approval_agent("approve")
        await run_agent("run", agent, "Please refund order A1.", session)
        return await session.get_items()

    control, candidate = await on_both(make.pair(variant), script)
    assert kinds(control) == ["message", "function_call"]
    assert candidate == control


# ================================================================= concurrency


@pytest.mark.parametrize("variant", variant_params())
async def test_concurrent_writes_on_one_loop_are_all_stored(make, variant: str) -> None:
    """Ten tasks on one event loop append at once: every item is stored, none twice."""

    async def script(session: Session) -> list[str]:
        await asyncio.gather(*(session.add_items([user(f"task {i}")]) for i in range(THREADS)))
        return sorted(texts(await session.get_items()))

    control, candidate = await on_both(make.pair(variant), script)
    assert control == sorted(f"task {i}" for i in range(THREADS))
    assert candidate == control


def write_from_threads(session: Session) -> tuple[list[str], list[str]]:
    """Ten threads, each with its own event loop (``asyncio.run``), append one item each.

    Returns the errors raised and the names of threads still running at the
    deadline (hung). The threads are daemons, so a hung one cannot block the suite.
    """
    errors: list[str] = []
    start = threading.Barrier(THREADS)

    def worker(i: int) -> None:
        try:
            start.wait(timeout=THREAD_DEADLINE)
            asyncio.run(session.add_items([user(f"thread {i}")]))
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none is swallowed
            errors.append(f"thread {i}: {exc!r}")

    threads = [threading.Thread(target=worker, args=(i,), name=f"writer-{i}", daemon=True) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + THREAD_DEADLINE
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return errors, [thread.name for thread in threads if thread.is_alive()]


@pytest.mark.parametrize("variant", variant_params(cross_loop=True))
async def test_writes_from_threads_with_their_own_loops_are_all_stored(make, variant: str) -> None:
    """One session object used from ten threads, each running its own event loop (a web
    server's worker threads, say): no thread raises or hangs, and all ten items are stored."""

    async def script(session: Session) -> list[str]:
        errors, hung = await asyncio.to_thread(write_from_threads, session)
        assert not errors and not hung, (
            f"{len(errors)} thread(s) raised, {len(hung)} hung; first error: {errors[0] if errors else None}"
        )
        return sorted(texts(await session.get_items()))

    control, candidate = await on_both(make.pair(variant), script)
    assert control == sorted(f"thread {i}" for i in range(THREADS))
    assert candidate == control
