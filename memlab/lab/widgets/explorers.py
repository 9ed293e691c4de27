"""The trimming and summarizing explorers: sliders for each policy's parameters."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from ..views import summary_sent
from ._explorer import PolicyExplorer, Setting, setting_in
from ._render import summary_html

__all__ = ["TrimmingExplorer", "SummarizingExplorer"]


class TrimmingExplorer(PolicyExplorer):
    """Trim to the last ``max_turns`` turns (and/or ``max_tokens`` tokens): watch the agent forget.

    Args:
        conversation: A scenario ``Conversation`` (or a list of user messages).
        max_turns: Turns the model keeps (a trait and a slider, 1-12).
        max_tokens: A token budget for history; ``0`` (or ``None``) means none (a slider, 0-3000 by 100).
        turn: The turn to show first (default: the last).
        agent: The agent to replay (default: the support agent).
    """

    strategy = "trimming"
    slider_ranges = {"max_turns": (1, 12), "max_tokens": (0, 3000)}
    max_turns = Setting(3)
    max_tokens = Setting(0)

    def __init__(
        self, conversation: Any, max_turns: int = 3, max_tokens: int = 0, turn: int | None = None, *, agent: Any = None
    ) -> None:
        with self.hold_trait_notifications():
            self.max_turns, self.max_tokens = max_turns, max_tokens
        super().__init__(conversation, turn, agent=agent)

    @traitlets.validate("max_turns", "max_tokens")
    def _valid(self, proposal: dict[str, Any]) -> Any:
        return self._checked(proposal)


class SummarizingExplorer(PolicyExplorer):
    """Fold old turns into a summary past ``context_limit`` turns (or ``max_tokens``); keep the newest.

    Args:
        conversation: A scenario ``Conversation`` (or a list of user messages).
        context_limit: Summarize beyond this many turns (a slider, 1-12).
        keep_last_n_turns: Turns kept verbatim (a slider, 0 to ``context_limit``;
            lowering ``context_limit`` below it pulls it down too).
        max_tokens: Also summarize over this many tokens; ``0`` (or ``None``) means no budget (a slider,
            0-3000 by 100).
        turn: The turn to show first (default: the last).
        agent: The agent to replay (default: the support agent).
        **fixed: Other ``summarizing`` parameters, fixed: ``summarizer=``,
            ``must_keep=`` (default ``True`` when the conversation plants
            must-keep facts: the fidelity gate is on), ``gate="repair"``.

    Below the tables, the summary the model was sent at the turn shown is
    printed whole (:attr:`summary`); the tables preview it in one line.
    """

    strategy = "summarizing"
    slider_ranges = {"context_limit": (1, 12), "keep_last_n_turns": (0, 12), "max_tokens": (0, 3000)}
    context_limit = Setting(4)
    keep_last_n_turns = Setting(2)
    max_tokens = Setting(0)

    def __init__(
        self,
        conversation: Any,
        context_limit: int = 4,
        keep_last_n_turns: int = 2,
        max_tokens: int = 0,
        turn: int | None = None,
        *,
        agent: Any = None,
        **fixed: Any,
    ) -> None:
        if "must_keep" not in fixed and any(f.must_keep for f in getattr(conversation, "facts", ())):
            fixed["must_keep"] = True
        self.summary = widgets.HTML()  # before the first render, which may come from the cache at once
        with self.hold_trait_notifications():
            self.context_limit, self.keep_last_n_turns, self.max_tokens = context_limit, keep_last_n_turns, max_tokens
        super().__init__(conversation, turn, agent=agent, **fixed)
        if hasattr(self, "sliders"):  # built whole (a bad argument leaves only the one-line error)
            self.children = (*self.children, self.summary)

    def _render(self) -> None:
        super()._render()
        self.summary.value = "" if self.replay is None else summary_html(summary_sent(self.replay, self.turn), self.turn)

    def _proposed(self, name: str, value: Any) -> dict[str, Any]:
        proposed = super()._proposed(name, value)
        if name == "context_limit" and value < self.keep_last_n_turns:
            proposed["keep_last_n_turns"] = value  # a lowered context_limit pulls keep_last_n_turns down (see _valid)
        return proposed

    @traitlets.validate("context_limit", "keep_last_n_turns", "max_tokens")
    def _valid(self, proposal: dict[str, Any]) -> Any:
        if proposal["trait"].name == "context_limit" and getattr(self, "fixed", None) is not None:
            # Lowering context_limit below keep_last_n_turns pulls keep down with it, as the slider's maximum does.
            value = setting_in("context_limit", proposal["value"], 1)  # None: refused with one line by _checked
            if value is not None and value < self.keep_last_n_turns:
                self.keep_last_n_turns = value
        return self._checked(proposal)
