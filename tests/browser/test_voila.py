"""The workshop app (app/workshop.ipynb) served by Voilà, in a real (headless) Chromium.

Voilà runs the app with its code hidden. The test loads it, checks no code is
shown and the app is offline, moves every explorer slider by keyboard and by
drag (the page must show exactly what memlab.views computes for the sliders'
values), asks the chat panel a question, and saves a screenshot.
"""

from __future__ import annotations

import re
import time

import pytest

from memlab.offline import transcript
from memlab.scenario import LAPTOP, ROUTER

from . import explorers as ex
from .conftest import REPO, chromium_path
from .servers import start_voila
from .workflow import exercise, wait_for

pytestmark = pytest.mark.browser

APP = REPO / "app" / "workshop.ipynb"
# The app's explorers, in page order, and the conversations they show (see app/workshop.ipynb).
APP_EXPLORERS = [("trimming", LAPTOP), ("summarizing", ROUTER)]


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Voilà serving the app on a free loopback port; always stopped."""
    chromium_path()
    work = tmp_path_factory.mktemp("voila")
    server = start_voila(APP, work)
    try:
        yield server
    finally:
        server.stop()


# Voilà 0.5's lab template links Font Awesome from a CDN. The browser guard
# refuses them (the app works offline; only the play/stop icons are missing);
# any *other* network request still fails the test.
VOILA_TEMPLATE_CDN = {
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@%5E5/css/all.min.css",
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@%5E5/css/v4-shims.min.css",
}


def test_workshop_app(page, voila, artifacts, timings):
    page.allowed_external.update(VOILA_TEMPLATE_CDN)
    started = time.monotonic()
    page.goto(voila.url("/"), timeout=60_000)
    found = wait_for(
        lambda: len(f := ex.read_explorers(page)) >= len(APP_EXPLORERS) and f,
        "the app's explorers to render",
        timeout=60,
    )
    assert [s["kind"] for s in found] == [kind for kind, _ in APP_EXPLORERS]
    body = page.inner_text("body")
    assert "memlab mode: offline" in body, "the app must call memlab.offline.configure() and run offline"
    assert "configure()" not in body and "import memlab" not in body, "Voilà must hide the code"
    assert not page.locator(".jp-InputArea-editor").count(), "code cells are visible"
    assert "After turn" in body and "full history" in body  # the comparison explorer rendered too

    oracles = [ex.Oracle(kind, transcript(conv), conv.must_keep_patterns()) for kind, conv in APP_EXPLORERS]

    def page_state(index: int) -> tuple[dict[str, int], None]:
        # Voilà exposes no kernel handle to the page: the sliders' values are the
        # parameters; the counters and table come back from the kernel.
        sliders = ex.read_explorers(page)[index]["sliders"]
        return {name: sliders[name]["value"] for name in ex.SLIDERS[oracles[index].kind]}, None

    moves = exercise(page, oracles, page_state, "workshop (voila)")

    # The chat panel runs the agent offline through a TrimmingSession.
    question = "My order ORD-77777 never arrived."
    page.get_by_placeholder(re.compile("Ask the support agent")).fill(question)
    page.get_by_role("button", name="Send").click()
    page.get_by_text(re.compile(r"agent:")).first.wait_for(timeout=30_000)
    body = page.inner_text("body")
    assert "Error:" not in body, body[-2000:]
    assert f"you: {question}" in body
    assert re.search(r"Next run sends [1-9]\d* history items", body)
    history = page.locator(".widget-html", has_text="Next run sends")
    assert "ORD-77777" in history.inner_text(), "the session's view should hold the new turn"

    page.locator('[data-memlab-explorer="0"]').scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "voila-workshop.png"), full_page=True)
    seconds = timings.record("voila/workshop.ipynb", started)
    assert not page.js_errors, f"JavaScript errors on the page: {page.js_errors}"
    print(f"workshop (voila): {seconds} s", *moves.log, sep="\n  ")
