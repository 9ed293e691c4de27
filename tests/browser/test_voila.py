"""The workshop app (app/workshop.ipynb) served by Voilà, in a real (headless) Chromium.

Voilà runs the app with its code hidden. The test loads it, checks no code is
shown and the app is offline, moves the explorers' sliders by keyboard and by
drag (the page must show what memlab, run here, computes for the sliders'
values: the agent re-runs, and a probe's answer changes), waits for each
explorer's work ahead to make every setting one move away ready and checks a
move is then shown from the cache, tells the chat panel a fact and asks for
it back, and saves a screenshot.
"""

from __future__ import annotations

import re
import time

import pytest

from memlab.scenario import LAPTOP, ROUTER

from . import explorers as ex
from .conftest import REPO, chromium_path
from .servers import start_voila
from .workflow import check_work_ahead, exercise, wait_for

pytestmark = pytest.mark.browser

APP = REPO / "app" / "workshop.ipynb"
# The app's explorers, in page order: kind, conversation, fixed parameters (see app/workshop.ipynb).
APP_EXPLORERS = [("trimming", LAPTOP, {}), ("summarizing", ROUTER, {"must_keep": True})]


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
    page.goto(voila.url("/"), timeout=120_000)
    found = wait_for(
        lambda: len(f := ex.read_explorers(page)) >= len(APP_EXPLORERS) and f,
        "the app's explorers to render",
        timeout=180,
    )
    assert [s["kind"] for s in found] == [kind for kind, _, _ in APP_EXPLORERS]
    body = page.inner_text("body")
    assert "memlab mode: offline" in body, "the app must call memlab.api.mode.configure() and run offline"
    assert "configure()" not in body and "import memlab" not in body, "Voilà must hide the code"
    assert not page.locator(".jp-InputArea-editor").count(), "code cells are visible"
    for minutes in ("20 minutes", "15 minutes"):
        assert minutes in body, "each station says how long it takes"
    assert "Discuss" in body, "each station ends with questions for the room"

    oracles = [ex.Oracle(kind, conversation, fixed) for kind, conversation, fixed in APP_EXPLORERS]

    def page_state(index: int) -> dict[str, int]:
        # Voilà exposes no kernel handle to the page: the sliders' values are the values.
        sliders = ex.read_explorers(page)[index]["sliders"]
        return {name: sliders[name]["value"] for name in [*ex.PARAMETERS[oracles[index].kind], "turn"]}

    moves = exercise(page, oracles, page_state, "workshop (voila)")
    assert moves.reply_changed_by_parameter[0], "moving max_turns must change what the agent answered"
    ahead = check_work_ahead(page, oracles, "workshop (voila)")
    wait_for(lambda: "At turn" in page.inner_text("body"), "the comparison explorer to finish its replays", timeout=240)

    # The chat panel: a fact in, the same fact back, both through the (offline) agent.
    box = page.get_by_placeholder(re.compile("Tell the agent"))
    for text in ("Hi, my name is Ana and I live in Lisbon.", "What's my name?"):
        box.fill(text)
        page.get_by_role("button", name="Send").click()
        page.get_by_text(text).first.wait_for(timeout=60_000)
    wait_for(lambda: "your name is Ana" in page.inner_text("body"), "the agent to answer from the chat's window", timeout=60)
    assert "The next run sends" in page.inner_text("body")

    page.locator('[data-memlab-explorer="0"]').scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "voila-workshop.png"), full_page=True)
    seconds = timings.record("voila/workshop.ipynb", started)
    assert not page.js_errors, f"JavaScript errors on the page: {page.js_errors}"
    print(f"workshop app: {seconds} s", *moves.log, *ahead, sep="\n  ")
