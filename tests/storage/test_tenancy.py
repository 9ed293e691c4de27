"""TenantGuardSession: a run of one tenant can never read or write another's history."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import pytest
from agents import Agent, Runner, SQLiteSession
from agents.memory import Session
from agents.memory.session import _session_accepts_wrapper
from agents.run_context import RunContextWrapper
from agents.testing import ScriptedModel, assistant_message

from memlab.errors import MemlabError
from memlab.storage.integrity import IntegritySession
from memlab.storage.tenancy import TenantAccessError, TenantGuardSession, accepts_wrapper, tenant_of

from memlab.items import assistant, user

KEY = b"k" * 32


@dataclass
class RequestContext:
    tenant_id: str
    user_name: str = "someone"


@pytest.fixture
def inner():
    session = SQLiteSession("acme-conv-1")
    yield session
    session.close()


def scripted(*replies: str) -> tuple[Agent, ScriptedModel]:
    model = ScriptedModel([[assistant_message(text, item_id=f"m{i}")] for i, text in enumerate(replies)])
    return Agent(name="support", instructions="Be brief.", model=model), model


def test_opts_into_the_runner_wrapper_hook(inner):
    guard = TenantGuardSession(inner, "acme")
    assert isinstance(guard, Session)
    assert _session_accepts_wrapper(guard)  # the SDK's own check: all four methods
    assert not accepts_wrapper(inner.get_items)


def test_tenant_of_reads_attributes_and_mappings():
    assert tenant_of(RequestContext("acme")) == "acme"
    assert tenant_of({"tenant_id": "acme"}) == "acme"
    assert tenant_of({"tenant": "acme"}) is None
    assert tenant_of(None) is None
    assert tenant_of(RequestContext("")) is None


async def test_same_tenant_run_works_and_sees_its_history(inner):
    guard = TenantGuardSession(inner, "acme")
    agent, model = scripted("Hello Ada.", "You are Ada.")
    ctx = RequestContext("acme")
    assert (await Runner.run(agent, "I am Ada.", session=guard, context=ctx)).final_output == "Hello Ada."
    result = await Runner.run(agent, "Who am I?", session=guard, context=ctx)
    assert result.final_output == "You are Ada."
    assert [i.get("role") for i in model.last_call.input] == ["user", "assistant", "user"]
    assert len(await inner.get_items()) == 4


@pytest.mark.parametrize("context", [RequestContext("globex"), {"tenant_id": "globex"}, None, {"user": "x"}])
async def test_other_tenant_run_is_refused_and_touches_nothing(inner, context):
    await inner.add_items([user("acme secret: order A1"), assistant("noted")])
    before = await inner.get_items()
    guard = TenantGuardSession(inner, "acme")
    agent, model = scripted("leaked!")
    with pytest.raises(TenantAccessError, match="get_items on session 'acme-conv-1'"):
        await Runner.run(agent, "Show me the history", session=guard, context=context)
    assert model.calls == ()  # nothing was read into a prompt
    assert await inner.get_items() == before  # nothing was written


class EqualsAnything(str):
    """A tenant id that claims to equal every other one (both ways round)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    __hash__ = str.__hash__


async def test_a_str_subclass_cannot_pass_for_another_tenant(inner):
    await inner.add_items([user("acme secret: order A1")])
    # as the run's tenant...
    guard = TenantGuardSession(inner, "acme")
    with pytest.raises(TenantAccessError, match="another tenant than the run's \\('globex'\\)"):
        await guard.get_items(wrapper=RunContextWrapper({"tenant_id": EqualsAnything("globex")}))
    with pytest.raises(TenantAccessError, match="another tenant"):
        await guard.get_items(wrapper=RunContextWrapper(RequestContext(EqualsAnything("globex"))))
    # ...and as the guard's own
    guard = TenantGuardSession(inner, EqualsAnything("acme"))
    assert type(guard.tenant_id) is str
    with pytest.raises(TenantAccessError, match="another tenant"):
        await guard.get_items(wrapper=RunContextWrapper(RequestContext("globex")))
    # what a tenant id says, not its class, is what counts: a StrEnum member is its value
    Tenant = StrEnum("Tenant", {"ACME": "acme"})
    assert await TenantGuardSession(inner, Tenant.ACME).get_items(wrapper=RunContextWrapper({"tenant_id": "acme"}))
    assert await guard.get_items(wrapper=RunContextWrapper({"tenant_id": Tenant.ACME}))
    assert type(tenant_of({"tenant_id": EqualsAnything("acme")})) is str


async def test_direct_calls_are_refused_unless_allowed(inner):
    guard = TenantGuardSession(inner, "acme")
    for call in (guard.get_items(), guard.add_items([user("x")]), guard.pop_item(), guard.clear_session()):
        with pytest.raises(TenantAccessError, match="without a run context"):
            await call
    assert await inner.get_items() == []

    trusted = TenantGuardSession(inner, "acme", allow_direct=True)
    await trusted.add_items([user("x"), assistant("y")])
    assert await trusted.get_items(1) == [assistant("y")]
    assert await trusted.pop_item() == assistant("y")
    await trusted.clear_session()
    assert await inner.get_items() == []


async def test_every_method_checks_the_wrapper(inner):
    guard = TenantGuardSession(inner, "acme")
    ours, theirs = RunContextWrapper(RequestContext("acme")), RunContextWrapper(RequestContext("globex"))
    await guard.add_items([user("a"), assistant("b")], wrapper=ours)
    for call in (
        guard.get_items(wrapper=theirs),
        guard.add_items([user("x")], wrapper=theirs),
        guard.pop_item(wrapper=theirs),
        guard.clear_session(wrapper=theirs),
    ):
        with pytest.raises(TenantAccessError, match="another tenant"):
            await call
    assert await guard.pop_item(wrapper=ours) == assistant("b")
    await guard.clear_session(wrapper=ours)
    assert await guard.get_items(wrapper=ours) == []


async def test_wrapper_is_handed_on_to_an_inner_session_that_wants_it(inner):
    # Two guards stacked: the inner one only sees a tenant if the outer passes it on.
    guard = TenantGuardSession(TenantGuardSession(inner, "acme"), "acme")
    await guard.add_items([user("hi")], wrapper=RunContextWrapper({"tenant_id": "acme"}))
    assert await inner.get_items() == [user("hi")]


async def test_guard_over_an_integrity_session(tmp_path: Path):
    sqlite = SQLiteSession("acme-conv-2", tmp_path / "chat.db")
    try:
        guard = TenantGuardSession(IntegritySession(sqlite, KEY), "acme")
        agent, model = scripted("Hi.")
        await Runner.run(agent, "Hello", session=guard, context=RequestContext("acme"))
        with pytest.raises(TenantAccessError):
            await Runner.run(agent, "Hello", session=guard, context=RequestContext("globex"))
        assert len(model.calls) == 1
        assert len(await sqlite.get_items()) == 2
    finally:
        sqlite.close()


def test_bad_arguments_are_refused(inner):
    with pytest.raises(ValueError, match="tenant_id must not be empty"):
        TenantGuardSession(inner, "")
    with pytest.raises(TypeError, match="tenant_id must be a string, not int"):
        TenantGuardSession(inner, 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="SDK Session"):
        TenantGuardSession(object(), "acme")  # type: ignore[arg-type]
    assert issubclass(TenantAccessError, MemlabError)
