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
from memlab.storage.tenancy import (
    TenantAccessError,
    TenantGuardSession,
    accepts_wrapper,
    owner_of,
    tenant_of,
    tenant_session_id,
)

from memlab.items import assistant, user

KEY = b"k" * 32


@dataclass
class RequestContext:
    tenant_id: str
    user_name: str = "someone"


@pytest.fixture
def inner():
    session = SQLiteSession("acme:conv-1")
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
    with pytest.raises(TenantAccessError, match="get_items on session 'acme:conv-1'"):
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
    sqlite = SQLiteSession("acme:conv-2", tmp_path / "chat.db")
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


async def _stored(file: Path, session_id: str) -> list:
    reader = SQLiteSession(session_id, file)
    try:
        return await reader.get_items()
    finally:
        reader.close()


def _open_thread(tenant_id: str, conversation_id: str, file: Path) -> TenantGuardSession:
    """Notebook 06's composition, with the conversation id passed through as the request named it."""
    return TenantGuardSession(IntegritySession(SQLiteSession(conversation_id, file), KEY), tenant_id)


async def test_a_request_authenticated_as_globex_naming_acmes_conversation_is_refused(tmp_path: Path):
    # The attack: the handler builds the guard for the authenticated tenant (globex) over the id the
    # request names (acme's). Before, nothing tied the conversation to acme, and globex read its history.
    file = tmp_path / "chat.db"
    acme = _open_thread("acme", "acme:customer-42", file)
    agent, model = scripted("Noted.", "leaked!")
    await Runner.run(agent, "My order is A1.", session=acme, context=RequestContext("acme"))
    rows = await _stored(file, "acme:customer-42")
    with pytest.raises(TenantAccessError, match="session 'acme:customer-42' does not belong to tenant 'globex'"):
        await Runner.run(agent, "What was my order?", session=_open_thread("globex", "acme:customer-42", file),
                         context=RequestContext("globex"))
    assert len(model.calls) == 1  # only acme's own run reached the model
    assert await _stored(file, "acme:customer-42") == rows


async def test_an_id_built_from_the_authenticated_tenant_cannot_name_another_tenants_conversation(tmp_path: Path):
    file = tmp_path / "chat.db"
    acme_id = tenant_session_id("acme", "customer-42")
    agent, _ = scripted("Noted.")
    await Runner.run(agent, "My order is A1.", session=_open_thread("acme", acme_id, file), context=RequestContext("acme"))
    for named in ("customer-42", acme_id):  # what acme's users call it, and its whole stored id
        globex_id = tenant_session_id("globex", named)
        assert owner_of(globex_id) == "globex"
        agent, model = scripted("I have no order on file.")
        await Runner.run(agent, "What was my order?", session=_open_thread("globex", globex_id, file),
                         context=RequestContext("globex"))
        assert "A1" not in str(model.last_call.input)  # a conversation of globex's own: acme's was never read
    assert len(await _stored(file, acme_id)) == 2


def test_session_ids_name_their_tenant_and_tenant_ids_cannot_forge_one():
    assert tenant_session_id("acme", "customer-42") == "acme:customer-42"
    assert tenant_session_id("acme", "globex:7") == "acme:globex:7"  # a conversation id may hold ':'
    assert owner_of("acme:globex:7") == "acme"
    assert owner_of("customer-42") is None and owner_of(":x") is None and owner_of(42) is None
    with pytest.raises(ValueError, match="tenant_id must not contain ':'"):
        tenant_session_id("acme:evil", "x")  # else "acme:evil:x" would be acme's
    with pytest.raises(ValueError, match="conversation_id must not be empty"):
        tenant_session_id("acme", "")
    with pytest.raises(TypeError, match="conversation_id must be a string, not int"):
        tenant_session_id("acme", 7)  # type: ignore[arg-type]


@pytest.mark.parametrize("session_id", ["customer-42", "acmex:1", "globex:acme:1", "acme"])
def test_a_guard_refuses_a_session_that_is_not_its_tenants(session_id):
    inner = SQLiteSession(session_id)
    try:
        with pytest.raises(TenantAccessError, match=f"session {session_id!r} does not belong to tenant 'acme'"):
            TenantGuardSession(inner, "acme")
        with pytest.raises(ValueError, match="tenant_id must not contain ':'"):
            TenantGuardSession(inner, "acme:1")
    finally:
        inner.close()
