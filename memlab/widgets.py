"""Explorers: move ``max_turns``, ``context_limit`` or ``keep_last_n_turns`` and watch.

Each explorer is an ipywidgets ``VBox`` whose state lives in public traits named
after the session parameters, plus ``turn`` (with a play button) to step
through the conversation. Changing a trait — from a slider or from code —
recomputes the view with the functions in :mod:`memlab.views`; no agent is
re-run. The current view is available as data:

* ``explorer.view.items`` — what the model would receive as history;
* ``explorer.view.rows`` — the table shown (a pandas DataFrame);
* ``explorer.view.counters`` — items and tokens, model view vs full history.

The :class:`ChatPanel` is different: it really runs the support agent through
a session (the offline model by default) and shows the session's live view.
"""

from __future__ import annotations

import asyncio
import html
import io
from typing import Any

import ipywidgets as widgets
import matplotlib
import pandas as pd
import traitlets

from ._sync import run_sync
from .views import STATUSES, HistoryView, SummaryReplay, Transcript, full_view, tokens_per_turn, trimming_view

__all__ = ["TrimmingExplorer", "SummarizingExplorer", "ComparisonExplorer", "ChatPanel", "render_table"]


# ------------------------------------------------------------------ rendering


def legend_html() -> str:
    """The colour legend for row statuses."""
    chips = "".join(
        f'<span style="background:{colour};padding:2px 8px;margin-right:8px;border-radius:3px">{name}</span>'
        f'<span style="margin-right:16px;color:#555">{html.escape(meaning)}</span>'
        for name, (colour, meaning) in STATUSES.items()
    )
    return f'<div style="font-size:12px;line-height:2">{chips}</div>'


def render_table(rows: pd.DataFrame) -> str:
    """An HTML table of a view's rows, each painted by its status."""
    head = "".join(f"<th style='text-align:left;padding:2px 6px'>{c}</th>" for c in ["#", *rows.columns])
    body = []
    for n, (turn, kind, preview, tokens, status) in enumerate(rows.itertuples(index=False, name=None)):
        colour = STATUSES[status][0]
        style = "text-decoration:line-through;color:#888" if status == "dropped" else ""
        body.append(
            f"<tr style='background:{colour};{style}'><td>{n}</td><td>{turn}</td><td>{html.escape(kind)}</td>"
            f"<td>{html.escape(preview)}</td><td style='text-align:right'>{tokens}</td><td>{status}</td></tr>"
        )
    return (
        "<div style='max-height:420px;overflow-y:auto'><table style='border-collapse:collapse;font-size:12px'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def counters_html(view: HistoryView) -> str:
    c = view.counters
    share = c["view_tokens"] / c["full_tokens"] if c["full_tokens"] else 1.0
    return (
        f"<b>After turn {view.turn}</b> — model view: <b>{c['view_items']}</b> items, "
        f"<b>{c['view_tokens']}</b> tokens · full history: {c['full_items']} items, "
        f"{c['full_tokens']} tokens · <b>{share:.0%}</b> of the tokens are sent"
    )


def _slider(description: str, value: int, low: int, high: int) -> widgets.IntSlider:
    return widgets.IntSlider(
        value=value, min=low, max=max(high, value), description=description, continuous_update=True,
        style={"description_width": "initial"}, layout=widgets.Layout(width="420px"),
    )


# ------------------------------------------------------------------ explorers


class _Explorer(widgets.VBox):
    """Shared machinery: a turn slider with a play button, the table and counters."""

    turn = traitlets.Int(0)

    def __init__(self, conversation: Any, turn: int | None, params: list[widgets.Widget]) -> None:
        self.transcript = Transcript.of(conversation)
        n = self.transcript.n_turns
        self.turn_slider = _slider("turn", n if turn is None else turn, 0, n)
        self.play = widgets.Play(value=self.turn_slider.value, min=0, max=n, interval=600, description="play")
        widgets.link((self.play, "value"), (self.turn_slider, "value"))
        self.counters = widgets.HTML()
        self.summary = widgets.HTML()
        self.table = widgets.HTML()
        controls = widgets.VBox([*params, widgets.HBox([self.play, self.turn_slider])])
        super().__init__(children=[controls, widgets.HTML(legend_html()), self.counters, self.summary, self.table])
        self._bind(self.turn_slider, "turn")
        self.turn = self.turn_slider.value

    def _bind(self, slider: widgets.IntSlider, name: str) -> None:
        """Keep ``slider.value`` and trait ``name`` equal, in both directions."""

        def from_slider(change: dict[str, Any]) -> None:
            setattr(self, name, change["new"])

        def from_trait(change: dict[str, Any]) -> None:
            slider.max = max(slider.max, change["new"])
            slider.value = change["new"]

        slider.observe(from_slider, "value")
        self.observe(from_trait, name)

    @traitlets.validate("turn")
    def _valid_turn(self, proposal: dict[str, Any]) -> int:
        return _checked_turn(self.transcript, proposal["value"])

    def _show(self, view: HistoryView) -> None:
        self.view = view
        self.counters.value = counters_html(view)
        self.table.value = render_table(view.rows)


def _checked_turn(transcript: Transcript, value: Any) -> int:
    """``value`` if it is a turn of ``transcript``, else a ``TraitError`` saying the range."""
    try:
        return transcript.check_turn(value)
    except ValueError as exc:
        raise traitlets.TraitError(str(exc)) from None


def _check_at_least(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise traitlets.TraitError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return value


class TrimmingExplorer(_Explorer):
    """Watch :class:`~memlab.TrimmingSession`'s window slide over a conversation.

    Args:
        conversation: A scenario ``Conversation`` or a list of items.
        max_turns: Turns the model keeps (trait, >= 1).
        turn: Show the history after this turn (default: the last).
    """

    max_turns = traitlets.Int(3)

    def __init__(self, conversation: Any, max_turns: int = 3, turn: int | None = None) -> None:
        self.max_turns_slider = _slider("max_turns", max_turns, 1, 10)
        self.view: HistoryView | None = None
        super().__init__(conversation, turn, [self.max_turns_slider])
        self._bind(self.max_turns_slider, "max_turns")
        self.max_turns = max_turns
        self._refresh()

    @traitlets.validate("max_turns")
    def _valid_max_turns(self, proposal: dict[str, Any]) -> int:
        return _check_at_least("max_turns", proposal["value"], 1)

    @traitlets.observe("max_turns", "turn")
    def _refresh(self, change: dict[str, Any] | None = None) -> None:
        if not hasattr(self, "transcript"):
            return  # still constructing
        self._show(trimming_view(self.transcript, self.max_turns, self.turn))
        self.summary.value = ""


class SummarizingExplorer(_Explorer):
    """Watch :class:`~memlab.SummarizingSession` fold old turns into a summary.

    Every parameter set is replayed once through a real session (with a
    deterministic summarizer) and cached, so dragging back and forth is instant.

    Args:
        conversation: A scenario ``Conversation`` or a list of items.
        context_limit: Summarize beyond this many turns (trait, >= 1).
        keep_last_n_turns: Turns kept verbatim (trait, 0..context_limit; the
            slider's maximum follows ``context_limit``).
        summarizer: Any :class:`~memlab.Summarizer`; default: memlab's offline
            extractive summarizer.
        turn: Show the history after this turn (default: the last).
        must_keep: Fidelity-gate rules for the session (default: the
            conversation's must-keep facts, if it has any).
    """

    context_limit = traitlets.Int(4)
    keep_last_n_turns = traitlets.Int(2)

    def __init__(
        self,
        conversation: Any,
        context_limit: int = 4,
        keep_last_n_turns: int = 2,
        summarizer: Any = None,
        turn: int | None = None,
        must_keep: list[Any] | None = None,
    ) -> None:
        _check_at_least("context_limit", context_limit, 1)
        _check_at_least("keep_last_n_turns", keep_last_n_turns, 0)
        if keep_last_n_turns > context_limit:
            raise traitlets.TraitError(
                f"keep_last_n_turns ({keep_last_n_turns}) must not exceed context_limit ({context_limit})"
            )
        self.summarizer = summarizer
        if must_keep is None and hasattr(conversation, "must_keep_patterns"):
            must_keep = conversation.must_keep_patterns()
        self.must_keep = list(must_keep or [])
        self._replays: dict[tuple[int, int], SummaryReplay] = {}
        self.context_slider = _slider("context_limit", context_limit, 1, 10)
        self.keep_slider = _slider("keep_last_n_turns", keep_last_n_turns, 0, context_limit)
        self.keep_slider.max = context_limit
        self.view: HistoryView | None = None
        super().__init__(conversation, turn, [self.context_slider, self.keep_slider])
        self._bind(self.context_slider, "context_limit")
        self._bind(self.keep_slider, "keep_last_n_turns")
        with self.hold_trait_notifications():
            self.context_limit = context_limit
            self.keep_last_n_turns = keep_last_n_turns
        self._refresh()

    @traitlets.validate("context_limit")
    def _valid_context_limit(self, proposal: dict[str, Any]) -> int:
        return _check_at_least("context_limit", proposal["value"], 1)

    @traitlets.validate("keep_last_n_turns")
    def _valid_keep(self, proposal: dict[str, Any]) -> int:
        value = _check_at_least("keep_last_n_turns", proposal["value"], 0)
        if value > self.context_limit:
            raise traitlets.TraitError(
                f"keep_last_n_turns ({value}) must not exceed context_limit ({self.context_limit})"
            )
        return value

    @traitlets.observe("context_limit")
    def _link_bounds(self, change: dict[str, Any]) -> None:
        # Lowering context_limit below keep_last_n_turns pulls keep down with it,
        # exactly as the slider's new maximum does in the browser.
        if not hasattr(self, "keep_slider"):
            return
        with self.hold_trait_notifications():
            if self.keep_last_n_turns > change["new"]:
                self.keep_last_n_turns = change["new"]
        self.keep_slider.max = change["new"]

    def replay(self, context_limit: int | None = None, keep_last_n_turns: int | None = None) -> SummaryReplay:
        """The (cached) replay for a parameter set; the current one by default."""
        key = (context_limit or self.context_limit, self.keep_last_n_turns if keep_last_n_turns is None else keep_last_n_turns)
        if key not in self._replays:
            self._replays[key] = SummaryReplay(self.transcript, *key, self.summarizer, self.must_keep)
        return self._replays[key]

    @traitlets.observe("context_limit", "keep_last_n_turns", "turn")
    def _refresh(self, change: dict[str, Any] | None = None) -> None:
        if not hasattr(self, "keep_slider") or self.keep_last_n_turns > self.context_limit:
            return  # constructing, or mid-update of linked bounds
        view = self.replay().view(self.turn)
        self._show(view)
        where = ", ".join(map(str, view.summarized_at)) or "none yet"
        text = html.escape(view.summary_text) if view.summary_text else "<i>no summary yet</i>"
        self.summary.value = (
            f"<div><b>Summaries applied after turns:</b> {where}</div>"
            f"<details><summary><b>Current summary</b></summary><pre style='white-space:pre-wrap'>{text}</pre></details>"
        )


class ComparisonExplorer(widgets.VBox):
    """Full history vs trimming vs summarizing, side by side, with cost curves.

    Args:
        conversation: A scenario ``Conversation`` or a list of items.
        max_turns: Trimming's window.
        context_limit, keep_last_n_turns: Summarizing's parameters.
        turn: The turn to compare at (default: the last).
    """

    turn = traitlets.Int(0)

    def __init__(
        self,
        conversation: Any,
        max_turns: int = 3,
        context_limit: int = 4,
        keep_last_n_turns: int = 2,
        summarizer: Any = None,
        turn: int | None = None,
    ) -> None:
        self.transcript = Transcript.of(conversation)
        self.max_turns = max_turns
        must_keep = conversation.must_keep_patterns() if hasattr(conversation, "must_keep_patterns") else []
        self.summary_replay = SummaryReplay(self.transcript, context_limit, keep_last_n_turns, summarizer, must_keep)
        #: Input tokens of each turn's first model call, per policy.
        self.costs = tokens_per_turn(self.transcript, max_turns, self.summary_replay)
        n = self.transcript.n_turns
        self.turn_slider = _slider("turn", n if turn is None else turn, 0, n)
        self.side_by_side = widgets.HTML()
        self.plot = widgets.HTML(self._plot_svg())
        super().__init__(children=[self.turn_slider, self.side_by_side, self.plot])
        widgets.link((self.turn_slider, "value"), (self, "turn"))
        self.turn = self.turn_slider.value
        self._refresh()

    @traitlets.validate("turn")
    def _valid_turn(self, proposal: dict[str, Any]) -> int:
        return _checked_turn(self.transcript, proposal["value"])

    def views(self) -> dict[str, HistoryView]:
        """The three policies' views at the current turn."""
        return {
            "full history": full_view(self.transcript, self.turn),
            "trimming": trimming_view(self.transcript, self.max_turns, self.turn),
            "summarizing": self.summary_replay.view(self.turn),
        }

    def table(self) -> pd.DataFrame:
        """Items and tokens each policy sends after the current turn."""
        return pd.DataFrame(
            {name: {"items": v.counters["view_items"], "tokens": v.counters["view_tokens"]} for name, v in self.views().items()}
        ).T

    @traitlets.observe("turn")
    def _refresh(self, change: dict[str, Any] | None = None) -> None:
        if not hasattr(self, "side_by_side"):
            return
        self.side_by_side.value = f"<b>After turn {self.turn}</b>" + self.table().to_html()

    def _plot_svg(self) -> str:
        from matplotlib.figure import Figure

        with matplotlib.rc_context({"svg.hashsalt": "memlab", "svg.fonttype": "none"}):
            fig = Figure(figsize=(6.5, 3))
            ax = fig.subplots()
            self.costs.plot(ax=ax, marker=".")
            ax.set_xlabel("turn")
            ax.set_ylabel("input tokens of the turn's first call")
            ax.set_title("What each turn costs")
            fig.tight_layout()
            buffer = io.StringIO()
            fig.savefig(buffer, format="svg", metadata={"Date": None})
        return buffer.getvalue()


# ------------------------------------------------------------------ chat panel


class ChatPanel(widgets.VBox):
    """Type a question, press Send: the agent answers through a real session.

    The table below shows what the *next* run will send the model as history —
    with a ``TrimmingSession`` you can watch an order number scroll out of
    view, then ask for it.

    Args:
        session: Any SDK session (default: ``TrimmingSession("chat", max_turns=3)``).
        agent: The agent to run (default: the scenario's support agent, which
            uses the SDK's default client — offline after ``memlab.offline.configure()``).
    """

    def __init__(self, session: Any = None, agent: Any = None) -> None:
        from .scenario import support_agent
        from .trimming import TrimmingSession

        self.session = session if session is not None else TrimmingSession("chat", max_turns=3)
        self.agent = agent if agent is not None else support_agent()
        self.input = widgets.Text(placeholder="Ask the support agent…", layout=widgets.Layout(width="420px"))
        self.send_button = widgets.Button(description="Send", button_style="primary")
        self.status = widgets.HTML()
        self.chat_log = widgets.HTML()
        self.history = widgets.HTML()
        #: The running send, when started from a front end with a live event loop.
        self.pending: asyncio.Task[Any] | None = None
        self.send_button.on_click(self._on_click)
        self.input.continuous_update = False
        super().__init__(children=[widgets.HBox([self.input, self.send_button]), self.status, self.chat_log, self.history])
        self.lines: list[tuple[str, str]] = []
        run_sync(self.refresh())

    def _on_click(self, _: Any = None) -> None:
        text = self.input.value.strip()
        if not text:
            self.status.value = "<i>Type a question first.</i>"
            return
        self.input.value = ""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            run_sync(self.send(text))
        else:  # in a Jupyter kernel: run on its loop, keep the UI responsive
            self.pending = loop.create_task(self.send(text))

    async def send(self, text: str) -> Any:
        """Run one turn through the session; returns the run result (``None`` on error)."""
        from agents import Runner

        self.send_button.disabled = True
        self.status.value = "<i>thinking…</i>"
        try:
            result = await Runner.run(self.agent, text, session=self.session)
        except Exception as exc:  # shown to the reader, not swallowed
            self.status.value = f"<b style='color:#b00'>Error:</b> {html.escape(f'{type(exc).__name__}: {exc}')}"
            return None
        finally:
            self.send_button.disabled = False
        self.lines += [("you", text), ("agent", str(result.final_output))]
        self.status.value = ""
        await self.refresh()
        return result

    async def refresh(self) -> None:
        """Redraw the chat log and the session's view."""
        self.chat_log.value = "".join(
            f"<div><b>{who}:</b> {html.escape(said)}</div>" for who, said in self.lines
        )
        items = await self.session.get_items()
        self.view_items = items
        transcript = Transcript(items)
        view = full_view(transcript, transcript.n_turns)
        self.history.value = (
            f"<b>Next run sends {len(items)} history items ({view.counters['view_tokens']} tokens):</b>"
            + render_table(view.rows)
        )
