"""Talk to the agent yourself, under a window you choose, and watch your facts leave it.

The chat keeps the whole conversation in an SDK ``SQLiteSession`` and shows the
model only the last ``max_turns`` turns of it (``keep_last_turns`` as the
run's ``session_input_callback``), so moving the slider changes what the
*next* answer is based on without deleting anything. Next to the chat, the
panel shows what the next run will send, and what it no longer will.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets as widgets
import pandas as pd
import traitlets
from agents import RunConfig, Runner, SQLiteSession

from ...async_bridge import call_on_loop, run_sync, running_loop
from ...scenario import support_agent
from ...trimming import keep_last_turns, trim_view
from ..views import COLUMNS, item_row
from ._explorer import Setting, schedule, setting_in
from ._render import line_html, table_html
from ._replays import FOREGROUND

__all__ = ["MAX_MESSAGE_CHARS", "ChatPanel"]

#: The longest message the panel sends (a workshop chat, not a document loader).
MAX_MESSAGE_CHARS = 10_000


class ChatPanel(widgets.VBox):
    """Type a message, press Send: the agent answers, seeing only the last ``max_turns`` turns.

    Args:
        max_turns: Turns of history the model sees (a trait and a slider, 1-10;
            a larger value stretches the slider to show it).
        agent: The agent (default: the support agent, which uses the SDK's
            default client — offline after ``memlab.api.mode.configure()``).
        session: Where the conversation is kept (default: an in-memory
            ``SQLiteSession``; it keeps every turn).

    Attributes:
        lines: The conversation as ``(who, text)`` pairs.
        pending: The running send, when started from a front end in a kernel.
        loop: The event loop it was built on (a kernel's; ``None`` in a script):
            sends and redraws run there, whichever thread a front end's message
            arrives on (JupyterLab may handle it in a kernel subshell).
    """

    max_turns = Setting(3)

    def __init__(self, max_turns: int = 3, *, agent: Any = None, session: Any = None) -> None:
        self.session = session if session is not None else SQLiteSession("chat")
        self.loop = running_loop()
        self.agent = agent if agent is not None else support_agent()
        self.lines: list[tuple[str, str]] = []
        self.pending: asyncio.Task[Any] | None = None
        self.input = widgets.Text(placeholder="Tell the agent something, or ask it…", continuous_update=False,
                                  layout=widgets.Layout(width="460px"))
        self.send_button = widgets.Button(description="Send", button_style="primary")
        # The slider starts at the default; assigning max_turns below checks the value given (one line if bad).
        self.slider = widgets.IntSlider(value=self.max_turns, min=1, max=10, description="max_turns", continuous_update=False)
        self.status, self.chat_log, self.window = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.send_button.on_click(self._on_click)
        self.input.observe(self._on_enter, "value")  # continuous_update=False: changes on Enter
        super().__init__(children=[
            self.slider, widgets.HBox([self.input, self.send_button]), self.status,
            widgets.HTML(), self.chat_log, self.window,
        ])
        widgets.link((self.slider, "value"), (self, "max_turns"))
        self.max_turns = max_turns
        run_sync(self.refresh())

    @traitlets.validate("max_turns")
    def _valid(self, proposal: dict[str, Any]) -> int:
        value = setting_in("max_turns", proposal["value"], 1)
        if value is None:
            self._say(f"max_turns must be an integer >= 1, got {proposal['value']!r}", error=True)
            return self.max_turns
        if hasattr(self, "slider"):
            self.slider.max = max(self.slider.max, value)  # so the slider can show it, as the trait holds it
        return value

    @traitlets.observe("max_turns")
    def _window_changed(self, change: dict[str, Any]) -> None:
        if hasattr(self, "window"):
            call_on_loop(self.loop, self._redraw)

    def _redraw(self) -> None:
        self.pending = schedule(self.refresh(), None)

    async def ready(self) -> None:
        """Wait until the running send or redraw (if any) is done."""
        while self.pending is not None and not self.pending.done():
            await asyncio.wait({self.pending})

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.value = line_html(text, error=error) if text else ""

    def _on_click(self, _: Any = None) -> None:
        call_on_loop(self.loop, self._send_from_input)  # a front end's click may arrive on a subshell's thread

    def _send_from_input(self) -> None:
        text = self.input.value
        if not text.strip() and self.pending is not None and not self.pending.done():
            return  # Enter already sent this message; the click that follows has nothing new
        self.input.value = ""
        # Messages go out in order: a new one waits for the one still running, never cancels it.
        self.pending = schedule(self._send_after(self.pending, text), None)

    async def _send_after(self, previous: asyncio.Task[Any] | None, text: str) -> Any:
        if previous is not None and not previous.done():
            await asyncio.wait({previous})
        return await self.send(text)

    def _on_enter(self, change: dict[str, Any]) -> None:
        if change["new"]:  # clearing the box after a send changes the value too: ignore that
            self._on_click()

    async def send(self, text: str) -> Any:
        """Run one turn; returns the run result, or ``None`` (with one line saying why) when it cannot.

        An empty message or one longer than :data:`MAX_MESSAGE_CHARS` is not
        sent; an error from the model is shown, and the conversation keeps what
        the SDK had saved (the question, when the model call failed).
        """
        if not isinstance(text, str) or not text.strip():
            self._say("Type a message first.", error=True)
            return None
        if len(text) > MAX_MESSAGE_CHARS:
            self._say(f"That message has {len(text):,} characters; the chat sends up to {MAX_MESSAGE_CHARS:,}.", error=True)
            return None
        self.send_button.disabled = True
        self._say("thinking…")
        config = RunConfig(session_input_callback=keep_last_turns(self.max_turns))
        try:
            with FOREGROUND.held():  # explorers' work ahead waits while the learner's message runs
                result = await Runner.run(self.agent, text, session=self.session, run_config=config)
        except Exception as exc:  # noqa: BLE001 — shown to the reader in one line, not swallowed
            self._say(f"{type(exc).__name__}: {exc}", error=True)
            return None
        finally:
            self.send_button.disabled = False
        self.lines += [("you", text), ("agent", str(result.final_output))]
        self._say("")
        await self.refresh()
        return result

    async def refresh(self) -> None:
        """Redraw the chat, and what the next run will send under :attr:`max_turns`."""
        self.chat_log.value = "".join(
            f"<div class='memlab-chat-{who}'><b>{who}:</b> {html.escape(said)}</div>" for who, said in self.lines
        )
        history = await self.session.get_items()
        window = trim_view(history, self.max_turns)
        self.view_items = window
        first = len(history) - len(window)
        rows = [item_row(item, "dropped" if at < first else "sent") for at, item in enumerate(history)]
        frame = pd.DataFrame(rows, columns=COLUMNS)
        self.window.value = table_html(
            frame, f"The next run sends {len(window)} of {len(history)} stored items "
                   f"(the last {self.max_turns} turns); struck-through rows are out of its view",
        )
