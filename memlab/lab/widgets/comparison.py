"""Two settings side by side: what each costs per turn, and what each still knows."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import ipywidgets as widgets
import matplotlib
import pandas as pd
import traitlets
from matplotlib.figure import Figure

from ...evals import strategies
from ...evals.replay import Replay
from ..views import counters
from ._explorer import Setting, as_conversation, as_setting, schedule, setting_in
from ._render import line_html
from ._replays import replayed

__all__ = ["ComparisonExplorer", "tokens_per_turn"]


def tokens_per_turn(runs: dict[str, Replay]) -> pd.DataFrame:
    """Total tokens billed per turn (the policy's own calls included), one column per run."""
    return pd.DataFrame({name: r.turns.set_index("turn")["total_tokens"].astype(float) for name, r in runs.items()})


class ComparisonExplorer(widgets.VBox):
    """Full history and two settings, replayed on one conversation and compared turn by turn.

    Args:
        conversation: A scenario ``Conversation`` (or a list of user messages).
        left, right: ``(strategy, params)`` of the two settings, e.g.
            ``("trimming", {"max_turns": 3})`` and ``("summarizing", {"context_limit": 4})``.
        turn: The turn to compare at first (default: the last).
        agent: The agent to replay (default: the support agent).

    Attributes:
        runs: ``{"full history": Replay, <left label>: Replay, <right label>: Replay}`` once ready.
        costs: Total tokens per turn and run (:func:`tokens_per_turn`).
    """

    turn = Setting(1)

    def __init__(
        self,
        conversation: Any,
        left: tuple[str, dict[str, Any]] = ("trimming", {"max_turns": 3}),
        right: tuple[str, dict[str, Any]] = ("summarizing", {"context_limit": 4, "keep_last_n_turns": 2}),
        turn: int | None = None,
        *,
        agent: Any = None,
    ) -> None:
        self.runs: dict[str, Replay] = {}
        self.costs = pd.DataFrame()
        self.pending: asyncio.Task[Any] | None = None
        self.status, self.table, self.plot = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.progress = widgets.IntProgress(layout=widgets.Layout(width="420px", visibility="hidden"))
        try:
            self.conversation = as_conversation(conversation)
            for strategy, params in (left, right):
                strategies.check_config(strategy, params)
            if turn is not None:
                turn = as_setting("turn", turn)
        except (TypeError, ValueError) as exc:
            super().__init__(children=[self.status])
            self.status.value = line_html(str(exc), error=True)
            return
        self.settings = {"full history": ("full", {}), **{strategies.run_label(*s): s for s in (left, right)}}
        self.agent = agent
        n = len(self.conversation.user_turns)
        self.turn_slider = widgets.IntSlider(value=n if turn is None else turn, min=1, max=n, description="turn",
                                             continuous_update=False, layout=widgets.Layout(width="460px"))
        widgets.link((self.turn_slider, "value"), (self, "turn"))
        super().__init__(children=[self.turn_slider, widgets.HBox([self.status, self.progress]), self.table, self.plot])
        self.turn = self.turn_slider.value
        self.pending = schedule(self._compute(), None)

    async def ready(self) -> None:
        """Wait until the three replays are done and shown."""
        while self.pending is not None and not self.pending.done():
            await asyncio.wait({self.pending})

    async def _compute(self) -> None:
        try:
            runs = {}
            for name, (strategy, params) in self.settings.items():
                runs[name] = await replayed(self.conversation, strategy, params, self.agent, self.progress, self._say)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 — shown in place
            self._say(f"Could not replay: {type(exc).__name__}: {exc}", error=True)
            return
        finally:
            self.progress.layout.visibility = "hidden"
        self.runs, self.costs = runs, tokens_per_turn(runs)
        self.plot.value = self._plot_svg()
        self._refresh()
        self._say("Three replays through the Runner; move the turn slider to compare.")

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.value = line_html(text, error=error)

    @traitlets.validate("turn")
    def _valid_turn(self, proposal: dict[str, Any]) -> int:
        last = len(self.conversation.user_turns)
        value = setting_in("turn", proposal["value"], 1, last)
        if value is None:
            self._say(f"turn must be an integer from 1 to {last}, got {proposal['value']!r}", error=True)
            return self.turn
        return value

    def at_turn(self) -> pd.DataFrame:
        """One row per run at :attr:`turn`: items sent, tokens so far (and their share), the answer.

        ``vs full`` is the share of full history's tokens so far, as a percentage
        (``"29%"``; ``"—"`` until the full-history replay is known).
        """
        full = self.runs["full history"]
        rows = []
        for name, replay in self.runs.items():
            row = replay.turns.set_index("turn").loc[self.turn]
            c = counters(replay, self.turn, full)
            correct = "" if not isinstance(row["probe"], str) else ("✓" if row["correct"] else "✗")
            rows.append({"run": name, "items sent": int(row["items_sent"]), "tokens this turn": c["total"],
                         "tokens so far": c["cumulative"], "vs full": "—" if c["share"] is None else f"{c['share']:.0%}", "probe": correct, "answer": row["answer"]})
        return pd.DataFrame(rows).set_index("run")

    @traitlets.observe("turn")
    def _refresh(self, change: dict[str, Any] | None = None) -> None:
        if not self.runs:
            return
        table = self.at_turn()
        self.table.value = f"<b>At turn {self.turn}</b>" + table.to_html(escape=True, classes="memlab-compare")

    def _plot_svg(self) -> str:
        with matplotlib.rc_context({"svg.hashsalt": "memlab", "svg.fonttype": "none"}):
            fig = Figure(figsize=(6.8, 3))
            ax = fig.subplots()
            self.costs.plot(ax=ax, marker=".")
            ax.set_xlabel("turn")
            ax.set_ylabel("tokens billed (policy's own calls included)")
            ax.set_title("What each turn costs")
            fig.tight_layout()
            buffer = io.StringIO()
            fig.savefig(buffer, format="svg", metadata={"Date": None})
        return buffer.getvalue()
