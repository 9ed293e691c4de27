"""The shared ``api`` fixture (``tests/conftest.py``): offline mode for one test, and nothing left behind.

``mode.configure`` changes process-wide state. A test that configured a mode
and left it installed made every later test run on its client: a test could
pass only because another one ran before it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from agents import set_default_openai_api
from agents.models import _openai_shared

from memlab.api import mode, wire

from .helpers import offline_mode


def installed() -> tuple[object, ...]:
    """What ``mode.configure`` changes: the SDK's default client and default API, memlab's current API, the wire."""
    return _openai_shared._default_openai_client, _openai_shared._use_responses_by_default, mode._current, wire._current


def same(first: tuple[object, ...], second: tuple[object, ...]) -> bool:
    """The very same objects (two fresh wires or clients would compare equal by value)."""
    return all(a is b for a, b in zip(first, second, strict=True))


@pytest.fixture
def earlier_mode() -> Iterator[tuple[object, ...]]:
    """Some other offline mode (on the Chat Completions API, to tell it apart), set up before ``api``.

    After the test, once the ``api`` fixture is gone, it must be installed again, object for object.
    """
    with offline_mode():
        set_default_openai_api("chat_completions")
        before = installed()
        yield before
        assert same(installed(), before), "the api fixture left its offline mode installed"


def test_the_api_fixture_installs_a_fresh_offline_mode_and_puts_back_the_one_before(earlier_mode, api) -> None:
    sdk_client, uses_responses, current_api, recorder = installed()
    earlier_client, _, earlier_api, earlier_wire = earlier_mode
    assert current_api is api and api is not earlier_api
    assert sdk_client is not earlier_client and uses_responses
    assert recorder is not earlier_wire and not recorder.live
    # the check that everything was put back runs in earlier_mode's teardown, after api's


def test_offline_mode_puts_back_what_was_there_even_when_the_block_fails() -> None:
    before = installed()
    with pytest.raises(RuntimeError, match="inside the block"):
        with offline_mode() as api:
            assert mode.current_api() is api
            raise RuntimeError("inside the block")
    assert same(installed(), before)
