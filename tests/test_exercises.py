"""The exercise checks: each notebook's hidden cases pass with its solution and catch a wrong answer."""

from __future__ import annotations

from memlab.exercises import check_cases


def test_a_report_lists_each_case_and_never_raises() -> None:
    def passes() -> None:
        return None

    def explains() -> str:
        return "kept 3 turns, expected 2"

    def asserts() -> None:
        raise AssertionError("the view starts mid-turn")

    def crashes() -> None:
        raise KeyError("role")

    report = check_cases("Exercise 1", [("a", passes), ("b", explains), ("c", asserts), ("d", crashes)])
    assert not report.ok and (report.passed, report.total) == (1, 4)
    assert str(report).splitlines() == [
        "Exercise 1:", "  ✓ a", "  ✗ b: kept 3 turns, expected 2", "  ✗ c: the view starts mid-turn",
        "  ✗ d: raised KeyError: 'role'", "1/4 hidden cases pass",
    ]


def test_an_exercise_not_started_says_so() -> None:
    def unstarted() -> None:
        raise NotImplementedError

    report = check_cases("Exercise 2", [("a", unstarted)])
    assert report.not_started and not report.ok and "not done yet" in str(report)


async def test_async_cases_are_awaited() -> None:
    async def passes() -> bool:
        return True

    assert check_cases("Exercise 3", [("a", passes)]).ok


# ---------------------------------------------------------------- notebook 05: threads and backends
# (memlab.exercises.nb05: reveal_shared_thread, a prediction; check_finish_approval, a resume on hidden threads)

import pytest  # noqa: E402 — this section stands on its own
from agents import Runner, RunState, SQLiteSession  # noqa: E402

from memlab import TrimmingSession, offline  # noqa: E402
from memlab.exercises import nb05  # noqa: E402


@pytest.fixture
def nb05_offline():
    offline.configure()


async def _nb05_restored(saved, agent):
    state = await RunState.from_string(agent, saved["state"])
    for pending in state.get_interruptions():
        state.approve(pending)
    return state


async def _nb05_solution(saved, agent):
    """The notebook's solution."""
    state = await _nb05_restored(saved, agent)
    session_id = saved["session_id"]
    thread = TrimmingSession(session_id, max_turns=6, store=SQLiteSession(session_id, saved["file"]))
    return await Runner.run(agent, state, session=thread)


async def test_nb05_the_solution_finishes_every_hidden_approval(nb05_offline) -> None:
    report = await nb05.check_finish_approval(_nb05_solution)
    assert report.ok, str(report)
    assert report.total == 3


async def test_nb05_the_same_session_object_would_do_too(nb05_offline) -> None:
    """Resuming on a session that is on the same storage with the same id is all the check asks."""

    async def with_the_file_path_as_given(saved, agent):
        state = await _nb05_restored(saved, agent)
        store = SQLiteSession(saved["session_id"], db_path=saved["file"])
        return await Runner.run(agent, state, session=TrimmingSession(saved["session_id"], store=store))

    assert (await nb05.check_finish_approval(with_the_file_path_as_given)).ok


async def test_nb05_a_resume_elsewhere_is_caught_as_a_silent_fork(nb05_offline) -> None:
    async def in_memory(saved, agent):
        state = await _nb05_restored(saved, agent)
        return await Runner.run(agent, state, session=TrimmingSession(saved["session_id"], 6))

    async def another_id(saved, agent):
        state = await _nb05_restored(saved, agent)
        store = SQLiteSession("someone-else", saved["file"])
        return await Runner.run(agent, state, session=TrimmingSession("someone-else", 6, store=store))

    for wrong in (in_memory, another_id):
        report = await nb05.check_finish_approval(wrong)
        assert report.passed == 0 and "silent fork" in str(report), str(report)


async def test_nb05_a_bare_sqlite_session_or_no_approval_is_explained(nb05_offline) -> None:
    async def bare(saved, agent):
        state = await _nb05_restored(saved, agent)
        return await Runner.run(agent, state, session=SQLiteSession(saved["session_id"], saved["file"]))

    async def unapproved(saved, agent):
        state = await RunState.from_string(agent, saved["state"])
        store = SQLiteSession(saved["session_id"], saved["file"])
        return await Runner.run(agent, state, session=TrimmingSession(saved["session_id"], 6, store=store))

    assert "plain SDK items" in str(await nb05.check_finish_approval(bare))
    assert "stopped again for approval" in str(await nb05.check_finish_approval(unapproved))


async def test_nb05_the_starting_point_says_not_done_yet(nb05_offline) -> None:
    async def starting_point(saved, agent):
        raise NotImplementedError("your code here")

    report = await nb05.check_finish_approval(starting_point)
    assert report.not_started and "not done yet" in str(report)


async def test_nb05_the_prediction_is_compared_with_what_each_session_reads(nb05_offline, tmp_path) -> None:
    db, other = tmp_path / "support.db", tmp_path / "elsewhere.db"
    reference = TrimmingSession("customer-60", max_turns=3, store=SQLiteSession("customer-60", db))
    await reference.add_items([{"role": "user", "content": "My order is ORD-48213."}])
    await TrimmingSession("customer-9", store=SQLiteSession("customer-9", db)).add_items([{"role": "user", "content": "Hi"}])
    candidates = {
        "a": TrimmingSession("customer-60", max_turns=3, store=SQLiteSession("customer-60", db)),
        "b": TrimmingSession("customer-60", max_turns=3),
        "c": TrimmingSession("customer-9", max_turns=3, store=SQLiteSession("customer-9", db)),
        "d": TrimmingSession("customer-60", max_turns=3, store=SQLiteSession("customer-60", other)),
        "e": TrimmingSession("customer-60", max_turns=8, store=SQLiteSession("customer-60", db)),
    }
    right = await nb05.reveal_shared_thread({"a", "E"}, candidates, reference)
    assert right.ok and "5/5 predicted right" in str(right)
    wrong = await nb05.reveal_shared_thread({"a", "b"}, candidates, reference)
    assert not wrong.ok and (wrong.right, wrong.total) == (3, 5)
    assert "✗ b: reads 0 items — its history lives in the object itself" in str(wrong)
    assert "✗ e: reads 1 item — same file, same id" in str(wrong)
    assert "not done yet" in str(await nb05.reveal_shared_thread(set(), candidates, reference))


# ---------------------------------------------------------------- notebook 06: the trust boundary
# (memlab.exercises.nb06: reveal_refusals, a prediction; check_open_thread, a tenant's thread guarded twice)

import secrets  # noqa: E402 — this section stands on its own

from memlab import IntegritySession, TenantGuardSession  # noqa: E402
from memlab.exercises import nb06  # noqa: E402
from memlab.scenario import support_agent  # noqa: E402


def _nb06_solution(tenant_id, conversation_id, file, key):
    """The notebook's solution."""
    return TenantGuardSession(IntegritySession(SQLiteSession(conversation_id, file), key), tenant_id)


async def test_nb06_the_solution_passes_every_hidden_case(nb05_offline) -> None:
    report = await nb06.check_open_thread(_nb06_solution)
    assert report.ok, str(report)
    assert report.total == 6


async def test_nb06_each_missing_guard_is_caught(nb05_offline) -> None:
    def no_tenant_guard(tenant_id, conversation_id, file, key):
        return IntegritySession(SQLiteSession(conversation_id, file), key)

    def no_integrity(tenant_id, conversation_id, file, key):
        return TenantGuardSession(SQLiteSession(conversation_id, file), tenant_id)

    unguarded = await nb06.check_open_thread(no_tenant_guard)
    assert (unguarded.passed, unguarded.total) == (4, 6)
    assert "another tenant is refused before anything is read or sent: the run went through" in str(unguarded)
    assert "the rows on disk are not signed" in str(await nb06.check_open_thread(no_integrity))


async def test_nb06_the_guards_in_the_wrong_order_or_the_wrong_key_are_explained(nb05_offline) -> None:
    def guard_inside(tenant_id, conversation_id, file, key):
        return IntegritySession(TenantGuardSession(SQLiteSession(conversation_id, file), tenant_id), key)

    def fresh_key(tenant_id, conversation_id, file, key):
        return TenantGuardSession(IntegritySession(SQLiteSession(conversation_id, file), secrets.token_bytes(32)), tenant_id)

    def tenant_as_id(tenant_id, conversation_id, file, key):
        return TenantGuardSession(IntegritySession(SQLiteSession(tenant_id, file), key), tenant_id)

    inside = await nb06.check_open_thread(guard_inside)
    assert inside.passed == 0 and "the tenant guard must be the outermost session" in str(inside)
    assert "sign with the key you are given" in str(await nb06.check_open_thread(fresh_key))
    assert "nothing was stored under the conversation id" in str(await nb06.check_open_thread(tenant_as_id))


async def test_nb06_the_starting_point_says_not_done_yet(nb05_offline) -> None:
    def starting_point(tenant_id, conversation_id, file, key):
        raise NotImplementedError("your code here")

    assert "not done yet" in str(await nb06.check_open_thread(starting_point))


async def test_nb06_the_prediction_is_compared_with_what_the_guard_does(nb05_offline) -> None:
    agent = support_agent()
    guarded = TenantGuardSession(SQLiteSession("acme:customer-42"), "acme")
    attempts = {
        "a": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "acme"}),
        "b": lambda: Runner.run(agent, "Hi", session=guarded, context={"tenant_id": "ACME"}),
        "c": lambda: Runner.run(agent, "Hi", session=guarded),
        "d": lambda: guarded.get_items(),
    }
    right = await nb06.reveal_refusals({"b", "C", "d"}, attempts)
    assert right.ok, str(right)
    wrong = await nb06.reveal_refusals({"b"}, attempts)
    assert (wrong.right, wrong.total) == (2, 4)
    assert "✗ d: refused — get_items on session 'acme:customer-42' without a run context" in str(wrong)
    assert "not done yet" in str(await nb06.reveal_refusals(set(), attempts))
