"""memlab sessions over SDK session stores (``store=``): the operation log of memlab.storage.log.

A session on a store must behave exactly like its in-memory twin, survive a
reopen, a failing store and a killed process, and refuse a store it cannot
read rather than return a shorter history.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from pathlib import Path
from typing import Any

import openai
import pytest
from agents import Runner, SQLiteSession
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memlab import summarizing, trimming
from memlab.errors import IntegrityError
from memlab.storage.integrity import IntegritySession
from memlab.storage.log import ENVELOPE_TYPE
from memlab.scenario import support_agent
from memlab.storage.log import CorruptStoreError, StoreLog
from memlab.summarizing import SummarizingSession
from memlab.trimming import TrimmingSession

from ..fakes import CountingStore, DecodingStore, EchoSummarizer, FlakyStore, ListStore, RacingStore
from memlab.items import assistant, call, output, reasoning, user

Item = dict[str, Any]
METADATA_KEYS = {
    "synthetic", "kind", "summary_for_turns", "turn", "metadata", "op", "meta", "v", "replaces",
    "policy", "op_id", "after", "records", "keep",
}
ROOT = Path(__file__).resolve().parents[2]


def TagSummarizer() -> EchoSummarizer:  # noqa: N802 (reads as a class at call sites)
    """Deterministic: the summary names every item it covers, so twins get equal summaries."""
    return EchoSummarizer(shadow="recap?", prefix="summary: ")


def tool_turn(n: int, *, tool: bool) -> list[list[Item]]:
    """One turn as the runner saves it: the user message, each tool step, the reply."""
    batches = [[user(f"question {n}")]]
    if tool:
        batches.append([reasoning(f"rs_{n}"), call(f"call_{n}"), output(f"call_{n}", f"result {n}")])
    batches.append([assistant(f"answer {n}", f"msg_{n}")])
    return batches


def raw_rows(db: Path, session_id: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT message_data FROM agent_messages WHERE session_id = ? ORDER BY id", (session_id,)
        ).fetchall()
    return [r[0] for r in rows]


@pytest.fixture
def stores(tmp_path: Path):
    """Make file-backed SQLiteSession stores in tmp_path; closes them all afterwards."""
    made: list[SQLiteSession] = []

    def make(session_id: str = "conv", name: str = "chat.db") -> SQLiteSession:
        store = SQLiteSession(session_id, tmp_path / name)
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


# ------------------------------------------------------------------ twins


ops = st.lists(
    st.one_of(
        st.tuples(st.just("turn"), st.booleans()),
        st.tuples(st.just("pop"), st.integers(1, 3)),
        st.tuples(st.just("limit"), st.integers(-2, 9)),
        st.tuples(st.just("limits"), st.integers(1, 5), st.integers(0, 5)),
        st.tuples(st.just("reopen")),
        st.tuples(st.just("clear")),
    ),
    min_size=1,
    max_size=25,
)


def make_twins(kind: str, store: SQLiteSession, limits: tuple[int, int]) -> tuple[Any, Any]:
    if kind == "trimming":
        return TrimmingSession("twin", limits[0]), TrimmingSession("twin", limits[0], store=store)
    context_limit, keep = limits
    return (
        SummarizingSession(keep, context_limit, TagSummarizer(), "twin"),
        SummarizingSession(keep, context_limit, TagSummarizer(), "twin", store=store),
    )


async def set_limits(session: Any, context_limit: int, keep: int) -> None:
    if isinstance(session, TrimmingSession):
        await session.set_max_turns(context_limit)
    else:
        await session.set_limits(context_limit=max(context_limit, keep), keep_last_n_turns=min(context_limit, keep))


@pytest.mark.parametrize("snapshot_every", [100, 1], ids=["rare-snapshots", "snapshot-every-read"])
@pytest.mark.parametrize("kind", ["trimming", "summarizing"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations=ops, limits=st.tuples(st.integers(1, 4), st.integers(0, 4)).map(lambda t: (max(t), min(t))))
def test_a_stored_session_matches_its_in_memory_twin(
    kind: str, snapshot_every: int, operations: list[tuple], limits: tuple[int, int]
) -> None:
    """Random operations give the same views, metadata and popped items in memory and on a file.

    With ``snapshot_every=1`` nearly every read writes a snapshot and the next
    read starts from it, so the snapshot path is exercised as hard as the fold.
    """

    async def scenario(db: Path) -> None:
        store = SQLiteSession("twin", db)
        memory, stored = make_twins(kind, store, limits)
        turn_number = 0
        try:
            for op in operations:
                if op[0] == "turn":
                    turn_number += 1
                    for batch in tool_turn(turn_number, tool=op[1]):
                        await memory.add_items(batch)
                        await stored.add_items(batch)
                elif op[0] == "pop":
                    for _ in range(op[1]):
                        assert await memory.pop_item() == await stored.pop_item()
                elif op[0] == "limit":
                    assert await memory.get_items(op[1]) == await stored.get_items(op[1])
                elif op[0] == "limits":
                    await set_limits(memory, op[1], op[2])
                    await set_limits(stored, op[1], op[2])
                elif op[0] == "clear":
                    await memory.clear_session()
                    await stored.clear_session()
                elif op[0] == "reopen":  # a new process, say: new store object, new session object
                    store.close()
                    store = SQLiteSession("twin", db)
                    if kind == "trimming":
                        stored = TrimmingSession("twin", memory.max_turns, store=store)
                    else:
                        stored = SummarizingSession(
                            memory.keep_last_n_turns, memory.context_limit, TagSummarizer(), store=store
                        )
                assert await stored.get_items() == await memory.get_items()
                if kind == "summarizing":
                    assert await stored.get_items_with_metadata() == await memory.get_items_with_metadata()
                    assert stored.summary_text == memory.summary_text
                else:
                    assert await stored.raw_items() == await memory.raw_items()
        finally:
            store.close()

    default = StoreLog.snapshot_every
    StoreLog.snapshot_every = snapshot_every
    try:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(scenario(Path(folder) / "twin.db"))
    finally:
        StoreLog.snapshot_every = default


# ---------------------------------------------------------------- snapshots


def fold_whole_log(rows: list[dict[str, Any]], kind: str) -> list[Item]:
    """What the log says without any snapshot: fold every op from an empty state."""
    if kind == "trimming":
        window = trimming.Window()
        for op in rows:
            if op["op"] != "snapshot":
                trimming.TrimmingSession.apply(window, op)
        return window.items
    records: list[Any] = []
    for op in rows:
        if op["op"] != "snapshot":
            summarizing.SummarizingSession.apply(records, op)
    return [r.item for r in records]


@pytest.mark.parametrize("kind", ["trimming", "summarizing"])
async def test_reads_cost_the_window_not_the_log(kind):
    """After 200 turns (over 450 writes) a read fetches a bounded tail, and snapshots agree with the whole log."""
    store = CountingStore("big")
    session = (
        TrimmingSession("big", 3, store=store) if kind == "trimming"
        else SummarizingSession(2, 4, TagSummarizer(), "big", store=store)
    )
    try:
        for n in range(1, 201):
            await session.get_items()  # as the runner does before each turn
            for batch in tool_turn(n, tool=n % 3 == 0):
                await session.add_items(batch)
        rows = await store.get_items()
        assert len(rows) > 4 * (StoreLog.snapshot_every + StoreLog.headroom)  # far longer than a read
        assert sum(row["op"] == "snapshot" for row in rows) >= 2
        store.reads.clear()
        view = await session.get_items()
        assert store.reads and max(store.reads) <= 2 * StoreLog.snapshot_every + StoreLog.headroom + 2
        assert [item["content"] for item in view if item.get("role") == "user"][-2:] == ["question 199", "question 200"]
        full = fold_whole_log(rows, kind)
        assert (await session.raw_items() if kind == "trimming" else
                [r["message"] for r in await session.get_items_with_metadata()]) == full
    finally:
        store.close()


async def test_a_snapshot_includes_ops_that_landed_before_it(monkeypatch):
    monkeypatch.setattr(StoreLog, "snapshot_every", 2)
    store = RacingStore("race")
    writer = TrimmingSession("race", 3, store=store)
    other = TrimmingSession("race", 3, store=store)
    store.other = other
    try:
        for n in range(1, 30):
            await writer.add_items([user(f"question {n}")])
            await writer.get_items()
        assert store.raced >= 3
        store.other = None
        rows = await store.get_items()
        expected = fold_whole_log(rows, "trimming")
        assert await writer.raw_items() == expected
        assert await TrimmingSession("race", 3, store=store).raw_items() == expected
        assert any("racing" in str(item.get("content")) for item in expected)
    finally:
        store.close()


@pytest.mark.parametrize("field", ["op_id", "policy"])
async def test_a_row_without_op_id_or_policy_is_refused(stores, tmp_path, field):
    """Every row of the one log format there is carries both; a row without them is not guessed at."""
    session = TrimmingSession("old", 2, store=stores("old"))
    for n in range(1, 5):
        await session.add_items([user(f"question {n}"), assistant(f"answer {n}")])
    with sqlite3.connect(tmp_path / "chat.db") as conn:
        row_id, data = conn.execute("SELECT id, message_data FROM agent_messages WHERE id = 2").fetchone()
        row = json.loads(data)
        row.pop(field)
        conn.execute("UPDATE agent_messages SET message_data = ? WHERE id = ?", (json.dumps(row), row_id))
    with pytest.raises(CorruptStoreError, match=f"store of session 'old', row 1.*{field}"):
        await TrimmingSession("old", 2, store=stores("old")).get_items()


# ---------------------------------------------------------------- reopening


async def test_reopening_continues_the_thread_with_its_summaries(stores):
    first = SummarizingSession(1, 2, TagSummarizer(), store=stores())
    for n in range(1, 5):
        for batch in tool_turn(n, tool=n % 2 == 0):
            await first.add_items(batch)
    view, records = await first.get_items(), await first.get_items_with_metadata()
    assert records[0]["metadata"]["kind"] == "history_summary_prompt"
    assert records[1]["metadata"] == {"synthetic": True, "kind": "history_summary", "summary_for_turns": [1, 2]}

    again = SummarizingSession(1, 2, TagSummarizer(), store=stores())
    assert again.session_id == "conv"
    assert await again.get_items() == view
    assert await again.get_items_with_metadata() == records
    await again.add_items([user("question 5")])
    records = await again.get_items_with_metadata()
    assert [r["metadata"]["turn"] for r in records if not r["metadata"]["synthetic"]][-1] == 5
    # the first instance sees what the second wrote
    assert await first.get_items() == await again.get_items()


async def test_trimming_reopen_and_another_session_id_is_another_thread(stores):
    session = TrimmingSession("conv", 2, store=stores())
    for n in range(1, 4):
        await session.add_items([user(f"q{n}"), assistant(f"a{n}")])
    assert await TrimmingSession("conv", 2, store=stores()).get_items() == await session.get_items()
    assert await TrimmingSession("other", 2, store=stores("other")).get_items() == []


async def test_metadata_lives_in_envelopes_never_in_items(stores, tmp_path):
    session = SummarizingSession(1, 1, TagSummarizer(), store=stores())
    await session.add_items([user("q1"), assistant("a1")])
    await session.add_items([user("q2"), assistant("a2")])
    for item in await session.get_items():
        assert not METADATA_KEYS & item.keys()
    rows = [json.loads(r) for r in raw_rows(tmp_path / "chat.db", "conv")]
    assert [r["op"] for r in rows] == ["add", "add", "summary"]
    assert all(r["type"] == ENVELOPE_TYPE for r in rows)
    assert rows[2]["records"][1]["meta"]["summary_for_turns"] == [1, 1]


async def test_the_raw_store_in_a_runner_fails_loudly(stores, api):
    store = stores()
    await TrimmingSession("conv", store=store).add_items([user("My order is ORD-12345.")])
    with pytest.raises(openai.BadRequestError, match="memlab_record"):
        await Runner.run(support_agent(), "What was my order number?", session=store)


@pytest.mark.parametrize(
    "make", [lambda s: TrimmingSession("x", store=s), lambda s: SummarizingSession(store=s, session_id="x")]
)
def test_bad_store_arguments(make, stores):
    with pytest.raises(TypeError, match="SDK Session"):
        make("chat.db")
    with pytest.raises(ValueError, match="differs"):
        make(stores("y"))
    limited = SQLiteSession("x", session_settings={"limit": 3})
    try:
        with pytest.raises(ValueError, match="limit"):
            make(limited)
    finally:
        limited.close()


async def test_sqlalchemy_store_reopens(tmp_path):
    pytest.importorskip("sqlalchemy")
    pytest.importorskip("aiosqlite")
    from agents.extensions.memory.sqlalchemy_session import SQLAlchemySession

    url = f"sqlite+aiosqlite:///{tmp_path / 'sa.db'}"
    first = SQLAlchemySession.from_url("conv", url=url, create_tables=True)
    second = SQLAlchemySession.from_url("conv", url=url, create_tables=True)
    try:
        session = SummarizingSession(1, 1, TagSummarizer(), store=first)
        await session.add_items([user("q1"), assistant("a1")])
        await session.add_items([user("q2"), assistant("a2")])
        again = SummarizingSession(1, 1, TagSummarizer(), store=second)
        assert await again.get_items_with_metadata() == await session.get_items_with_metadata()
        assert (await again.get_items())[1]["content"].startswith("summary: q1")
    finally:
        await first.engine.dispose()
        await second.engine.dispose()


async def test_integrity_session_underneath_signs_the_log(stores, tmp_path):
    """The log is append-only, so an HMAC chain can sit under a memlab session."""
    store = IntegritySession(stores(), b"k" * 32)
    session = TrimmingSession("conv", 2, store=store)
    await session.add_items([user("My order is ORD-11111."), assistant("Noted.")])
    await session.pop_item()
    assert await session.get_items() == [user("My order is ORD-11111.")]
    with sqlite3.connect(tmp_path / "chat.db") as conn:
        conn.execute("UPDATE agent_messages SET message_data = replace(message_data, '11111', '99999')")
    with pytest.raises(IntegrityError, match="MAC mismatch"):
        await session.get_items()


# ------------------------------------------------------- failures mid-write


async def test_a_failing_write_leaves_history_intact(stores):
    store = FlakyStore(stores())
    session = TrimmingSession("conv", 3, store=store)
    await session.add_items([user("q1"), call("c1"), output("c1"), assistant("a1")])
    before = await session.get_items()
    store.fail_writes = True
    with pytest.raises(OSError, match="disk full"):
        await session.add_items([user("q2"), assistant("a2")])
    with pytest.raises(OSError, match="disk full"):
        await session.pop_item()
    with pytest.raises(OSError, match="disk full"):
        await session.set_max_turns(1)
    assert await session.get_items() == before
    store.fail_writes = False
    assert await TrimmingSession("conv", 3, store=store).get_items() == before


async def test_a_failing_summary_write_is_recorded_and_retried(stores):
    store = FlakyStore(stores())
    session = SummarizingSession(1, 1, TagSummarizer(), store=store)
    await session.add_items([user("q1"), assistant("a1")])
    added = [user("q2"), assistant("a2")]
    store.fail_writes = {"summary"}
    await session.add_items(added[:1])  # stored; the summary it triggers cannot be stored
    assert session.summary_events[-1].status == "failed"
    assert "storing the summary failed: OSError: disk full" in session.last_summary_error
    assert await session.get_items() == [user("q1"), assistant("a1"), user("q2")]
    store.fail_writes = False
    await session.add_items(added[1:])  # the same turn: no retry yet
    assert session.summary_events[-1].status == "failed"
    await session.add_items([user("q3")])  # a new turn: retried, and stored this time
    assert session.summary_events[-1].status == "applied"
    assert (await session.get_items())[2:] == [user("q3")]


#: The writers one process runs side by side until it is killed: ``{case: (session kind, seed)}``.
#: The seed picks how many rounds that writer must have finished before the kill.
KILLED_WRITERS = {"trimming-1": ("trimming", 1), "summarizing-2": ("summarizing", 2), "summarizing-3": ("summarizing", 3)}

CRASH_WRITER = textwrap.dedent(
    """
    import asyncio, os, sys
    from agents import SQLiteSession
    from memlab.summarizing import SummarizingSession
    from memlab.trimming import TrimmingSession

    sys.path.insert(0, os.getcwd())  # the repository (the test's cwd), for tests.fakes
    from tests.fakes import EchoSummarizer

    folder, cases = sys.argv[1], sys.argv[2:]  # each case is "<kind>-<seed>", written to <folder>/<case>.db

    def session_for(case):
        store = SQLiteSession("crash", os.path.join(folder, case + ".db"))
        if case.startswith("trimming"):
            return TrimmingSession("crash", 4, store=store)
        return SummarizingSession(2, 3, EchoSummarizer("recap?", "summary: "), store=store)

    async def write(case):
        session = session_for(case)
        n = 0
        while True:
            await session.add_items([{"role": "user", "content": f"q{n}"}])
            await session.add_items([
                {"type": "function_call", "call_id": f"c{n}", "name": "lookup_order", "arguments": "{}"},
                {"type": "function_call_output", "call_id": f"c{n}", "output": f"o{n}"},
            ])
            await session.add_items([{"role": "assistant", "content": f"a{n}"}])
            if n % 3 == 2:
                await session.pop_item()  # a correction: the reply is taken back...
                await session.add_items([{"role": "assistant", "content": f"a{n}"}])  # ...and given again
            print(case, n, flush=True)
            n += 1

    async def main():
        await asyncio.gather(*(write(case) for case in cases))

    asyncio.run(main())
    """
)


def kill_the_writers(folder: Path) -> dict[str, Path]:
    """One process writes every case of KILLED_WRITERS at once and is killed mid-write: ``{case: its db}``.

    Starting a Python process with the SDK costs seconds, so the cases share one; each writer has its
    own SQLite file, and the kill lands wherever each of them happens to be.
    """
    script = folder / "writer.py"
    script.write_text(CRASH_WRITER)
    writer = subprocess.Popen(
        [sys.executable, str(script), str(folder), *KILLED_WRITERS],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )
    try:
        # wait until each writer really is writing, some rounds in (a number its seed picks)
        waiting = {case: random.Random(seed).randint(4, 12) for case, (_, seed) in KILLED_WRITERS.items()}
        for line in writer.stdout:
            case, n = line.split()
            if int(n) >= waiting.get(case, int(n) + 1):
                del waiting[case]
            if not waiting:
                break
        time.sleep(random.Random(0).random() * 0.05)  # a little further: the kill lands mid-write, not between rounds
    finally:
        writer.send_signal(signal.SIGKILL)
        _, stderr = writer.communicate(timeout=30)
    assert not waiting, f"the writer stopped before it was killed: {stderr}"
    assert writer.returncode == -signal.SIGKILL, stderr
    return {case: folder / f"{case}.db" for case in KILLED_WRITERS}


async def assert_a_valid_log(kind: str, db: Path) -> None:
    """The log a killed writer left in ``db``: every row whole, turns whole and in order, still writable."""
    for data in raw_rows(db, "crash"):
        assert json.loads(data)["type"] == ENVELOPE_TYPE  # every row whole
    store = SQLiteSession("crash", db)
    try:
        session = TrimmingSession("crash", 4, store=store) if kind == "trimming" else SummarizingSession(2, 3, store=store)
        view = await session.get_items()
        texts = [i.get("content") or i.get("output") or i["call_id"] for i in view]
        body = texts[2:] if kind == "summarizing" and texts[0] == "recap?" else texts
        # turns are whole and consecutive; only the newest may be cut short between batches
        n = int(body[0][1:])
        expected = []
        while len(expected) < len(body):
            expected += [f"q{n}", f"c{n}", f"o{n}", f"a{n}"]
            n += 1
        assert body == expected[: len(body)]
        assert len(body) % 4 in (0, 1, 3)  # never a call without its output
        if kind == "summarizing" and texts[0] == "recap?":
            assert texts[1].startswith("summary: ")
            assert f"q{int(body[0][1:]) - 1}" in texts[1]  # the summary ends where the kept turns begin
        await session.add_items([user("after the crash")])  # the log still takes writes
        assert (await session.get_items())[-1] == user("after the crash")
    finally:
        store.close()


@pytest.mark.process
async def test_a_killed_writer_leaves_a_valid_log(tmp_path):
    """Each case of KILLED_WRITERS is checked; a failure names every case that failed."""
    failures = {}
    for case, db in kill_the_writers(tmp_path).items():
        try:
            await assert_a_valid_log(KILLED_WRITERS[case][0], db)
        except AssertionError as failure:
            failures[case] = failure
    assert not failures, "\n".join(f"{case}: {failure}" for case, failure in failures.items())


# ------------------------------------------------------------ bad input


async def test_a_row_memlab_did_not_write_is_refused(stores):
    store = stores()
    await store.add_items([user("written by plain SDK code")])
    session = TrimmingSession("conv", store=store)
    for action in (session.get_items(), session.pop_item(), session.raw_items()):
        with pytest.raises(CorruptStoreError, match=r"row 0 is not a memlab record \(it looks like 'user'\)"):
            await action
    summarizing = SummarizingSession(store=store, summarizer=TagSummarizer())
    with pytest.raises(CorruptStoreError, match="not a memlab record"):
        await summarizing.add_items([user("hello")])  # stored, then the read before summarizing refuses
    with pytest.raises(CorruptStoreError):
        await summarizing.get_items()


async def test_an_unknown_op_or_version_is_refused(stores):
    store = stores()
    await store.add_items([{"type": ENVELOPE_TYPE, "v": 2, "op": "add", "items": []}])
    with pytest.raises(CorruptStoreError, match="unknown memlab record version or op"):
        await TrimmingSession("conv", store=store).get_items()


def envelope(policy: str, op: str, **fields: Any) -> dict[str, Any]:
    """A row as memlab writes it: the envelope fields, then the op's own."""
    return {"type": ENVELOPE_TYPE, "v": 1, "policy": policy, "op_id": uuid.uuid4().hex, "op": op, **fields}


def nested(depth: int) -> list[Any]:
    """A list nested ``depth`` deep, built without recursion."""
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


RECORD = {"id": "r1", "item": user("q")}
BAD_RECORD = r"\[0\]: expected \{id: str, item: object"  # a summarizing record's shape goes on: ", meta: ..."


def trimming_row(op: str, **fields: Any) -> dict[str, Any]:
    return envelope("trimming", op, **fields)


def summarizing_row(op: str, **fields: Any) -> dict[str, Any]:
    return envelope("summarizing", op, **fields)


#: A row whose envelope is fine but whose op is not, and what the error says about it.
MALFORMED = {
    "add without items": (trimming_row("add", max_turns=3), "'items' is missing"),
    "add items not a list": (trimming_row("add", items=5, max_turns=3), "items: expected list, got int"),
    "add record without id": (trimming_row("add", items=[{"item": user("q")}], max_turns=3), "items" + BAD_RECORD),
    "add record without item": (summarizing_row("add", items=[{"id": "r1"}]), "items" + BAD_RECORD),
    "add item not a dict": (trimming_row("add", items=[{"id": "r1", "item": "q"}], max_turns=3), "items" + BAD_RECORD),
    "add id not a string": (summarizing_row("add", items=[{"id": [1], "item": user("q")}]), "items" + BAD_RECORD),
    "add without max_turns": (trimming_row("add", items=[RECORD]), "'max_turns' is missing"),
    "max_turns not an int": (trimming_row("limits", max_turns="3", max_tokens=None), "max_turns: expected an int >= 1"),
    "max_tokens zero": (trimming_row("limits", max_turns=3, max_tokens=0), "max_tokens: expected an int >= 1 or null"),
    "max_turns zero": (trimming_row("add", items=[RECORD], max_turns=0), "max_turns: expected an int >= 1"),
    "pop without id": (trimming_row("pop"), "'id' is missing"),
    "summary without replaces": (summarizing_row("summary", records=[], keep=1), "'replaces' is missing"),
    "summary without records": (summarizing_row("summary", replaces=[], keep=1), "'records' is missing"),
    "summary replaces not ids": (summarizing_row("summary", replaces=["r0", 1], records=[], keep=1),
                                 r"replaces\[1\]: expected str, got int"),
    "summary record without meta": (summarizing_row("summary", replaces=["r0"], records=[RECORD], keep=1),
                                    "records" + BAD_RECORD + ", meta"),
    "summary bad turn range": (summarizing_row("summary", replaces=["r0"], keep=1, records=[
        {**RECORD, "meta": {"synthetic": True, "summary_for_turns": [1]}}]), "records" + BAD_RECORD),
    "summary keep not an int": (summarizing_row("summary", replaces=[], records=[], keep="1"), "keep: expected int"),
    "snapshot records not a list": (trimming_row("snapshot", after="x", records=3), "records: expected list"),
    "snapshot record without item": (trimming_row("snapshot", after="x", records=[{"id": "r"}]), "records" + BAD_RECORD),
    "snapshot meta not a dict": (summarizing_row("snapshot", after="x", records=[{**RECORD, "meta": "synthetic"}]),
                                 "records" + BAD_RECORD),
    "snapshot meta turn not an int": (summarizing_row("snapshot", after="x", records=[{**RECORD, "meta": {"turn": "1"}}]),
                                      "records" + BAD_RECORD),
    "snapshot without after": (summarizing_row("snapshot", records=[]), "'after' is missing"),
    "op_id not a string": ({**trimming_row("pop", id="r"), "op_id": ["x"]}, "op_id: expected str, got list"),
    "another policy's op": (trimming_row("summary", replaces=[], records=[], keep=1),
                            r"unknown memlab record version or op \(1, 'summary'\)"),
    "version true": ({**trimming_row("pop", id="r"), "v": True}, r"unknown memlab record version or op \(True"),
    "deep items": (trimming_row("add", items=nested(100_000), max_turns=3), "items" + BAD_RECORD),
    "deep op": ({**trimming_row("pop", id="r"), "op": nested(100_000)}, r"version or op \(1, a list\)"),
    "deep type": ({"type": nested(100_000)}, r"not a memlab record \(it looks like a list\)"),
}


def session_of(row: dict[str, Any], store: Any) -> Any:
    """A session of the class that reads ``row``'s log."""
    trimming = row.get("policy", "trimming") == "trimming"
    return TrimmingSession("conv", 3, store=store) if trimming else SummarizingSession(store=store)


@pytest.mark.parametrize("case", [c for c in MALFORMED if not c.startswith("deep")])
async def test_a_malformed_row_in_a_sqlite_file_is_refused(case, stores, tmp_path):
    """A row memlab's fold cannot read raises CorruptStoreError, never a KeyError from inside the fold."""
    row, says = MALFORMED[case]
    await session_of(row, stores()).add_items([user("q1")])
    with sqlite3.connect(tmp_path / "chat.db") as conn:
        conn.execute("INSERT INTO agent_messages (session_id, message_data) VALUES ('conv', ?)", (json.dumps(row),))
    with pytest.raises(CorruptStoreError, match=f"store of session 'conv', row 1: .*{says}"):
        await session_of(row, stores()).get_items()
    with pytest.raises(CorruptStoreError, match=f"store of session 'conv', row 0 of the newest 1: .*{says}"):
        await session_of(row, stores()).add_items([user("q2")])  # the first write checks the newest row


@pytest.mark.parametrize("case", list(MALFORMED))
async def test_a_malformed_row_from_any_store_is_refused(case):
    row, says = MALFORMED[case]
    session = session_of(row, ListStore())
    await session.add_items([user("q1")])
    session.store.rows.append(row)
    with pytest.raises(CorruptStoreError, match=fr"store of session 'conv', row 1\b.*{says}"):
        await session.get_items()


async def test_deeply_nested_json_is_refused_not_a_recursion_error(stores, tmp_path):
    """Python's JSON decoder gives up on deep nesting; memlab says which row, for any store."""
    await TrimmingSession("conv", store=stores()).add_items([user("q1")])
    deep = "[" * 100_000 + "]" * 100_000
    with sqlite3.connect(tmp_path / "chat.db") as conn:
        conn.execute("INSERT INTO agent_messages (session_id, message_data) VALUES ('conv', ?)", (deep,))
    with pytest.raises(CorruptStoreError, match=r"store of session 'conv': row id 2 .* nested too deeply"):
        await TrimmingSession("conv", store=stores()).get_items()

    store = DecodingStore([json.dumps(envelope("trimming", "add", items=[RECORD], max_turns=3)), deep])
    with pytest.raises(CorruptStoreError, match=r"store of session 'conv': a row is nested too deeply"):
        await TrimmingSession("conv", store=store).get_items()


async def test_invalid_json_row_is_detected_not_skipped(stores, tmp_path):
    session = TrimmingSession("conv", store=stores())
    await session.add_items([user("q1"), assistant("a1")])
    await session.add_items([user("q2"), assistant("a2")])
    with sqlite3.connect(tmp_path / "chat.db") as conn:
        conn.execute("UPDATE agent_messages SET message_data = '{not json' WHERE id = 1")
    # The SDK itself silently skips the row...
    assert len(await stores().get_items()) == 1
    # ...memlab refuses to fold a log with a hole in it.
    with pytest.raises(CorruptStoreError, match="row id 1 .* not valid JSON"):
        await session.get_items()


async def test_a_missing_table_raises(stores, tmp_path):
    session = TrimmingSession("conv", store=stores())
    await session.add_items([user("q1")])
    with sqlite3.connect(tmp_path / "chat.db") as conn:
        conn.execute("DROP TABLE agent_messages")
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        await session.get_items()
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        await session.add_items([user("q2")])


async def test_stale_ops_never_misapply(stores):
    """A pop or summary naming records that are gone does nothing (the fold ignores it)."""
    store = stores()
    session = SummarizingSession(1, 5, TagSummarizer(), store=store)
    await session.add_items([user("q1"), assistant("a1")])
    before = await session.get_items_with_metadata()
    await store.add_items(
        [
            envelope("summarizing", "pop", id=uuid.uuid4().hex),
            envelope("summarizing", "summary", replaces=[uuid.uuid4().hex], records=[], keep=1),
        ]
    )
    assert await session.get_items_with_metadata() == before


async def test_a_failed_snapshot_write_never_fails_a_read(monkeypatch, caplog):
    monkeypatch.setattr(StoreLog, "snapshot_every", 2)
    store = FlakyStore(SQLiteSession("nosnap"), write_error=OSError("row too large"))
    store.fail_writes = {"snapshot"}  # say, a row size limit
    session = TrimmingSession("nosnap", 2, store=store)
    try:
        for n in range(1, 8):
            await session.add_items([user(f"question {n}"), assistant(f"answer {n}")])
            view = await session.get_items()
        assert [i["content"] for i in view if i.get("role") == "user"] == ["question 6", "question 7"]
        assert "could not write a snapshot" in caplog.text and "row too large" in caplog.text
        assert not any(row["op"] == "snapshot" for row in await store.get_items())
    finally:
        store.close()


async def test_a_log_of_another_session_class_is_refused(stores):
    """A summarizing and a trimming session on one session id would misread each other's log."""
    await SummarizingSession(1, 2, TagSummarizer(), "conv", store=stores()).add_items([user("q1")])
    with pytest.raises(CorruptStoreError, match="written by a summarizing session"):
        await TrimmingSession("conv", store=stores()).get_items()
    await TrimmingSession("other", store=stores("other")).add_items([user("q1")])
    with pytest.raises(CorruptStoreError, match="written by a trimming session"):
        await SummarizingSession(store=stores("other")).get_items()


async def test_the_wrong_session_class_is_refused_before_it_writes(stores):
    trimming = TrimmingSession("conv", 2, store=stores())
    await trimming.add_items([user("q1"), assistant("a1")])
    rows_before = len(await stores().get_items())
    with pytest.raises(CorruptStoreError, match="written by a trimming session"):
        await SummarizingSession(1, 1, TagSummarizer(), "conv", store=stores()).add_items([user("q2")])
    assert len(await stores().get_items()) == rows_before
    assert [i["content"] for i in await trimming.get_items() if i.get("role") == "user"] == ["q1"]


async def test_no_headroom_still_reads(monkeypatch):
    monkeypatch.setattr(StoreLog, "headroom", 0)
    monkeypatch.setattr(StoreLog, "snapshot_every", 0)
    store = SQLiteSession("empty")
    try:
        session = TrimmingSession("empty", 2, store=store)
        assert await session.get_items() == []
        assert await session.get_items() == []
        await session.add_items([user("q")])
        assert await session.get_items() == [user("q")]
    finally:
        store.close()
