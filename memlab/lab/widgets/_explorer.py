"""The explorer every policy shares: move a parameter, re-run the agent, see what it forgot.

An explorer does not recolour a recorded transcript. Each new setting is
*replayed*: the conversation's user messages go through the real ``Runner``
(offline model or live, :func:`memlab.evals.run`) under that setting, so the
answers shown are the answers the agent gave when it saw only that window.
Replays are kept in one cache (:mod:`memlab.lab.widgets._replays`): a setting
seen before shows at once.

In a notebook kernel (an event loop is running) a replay runs as a task on
that loop: the widget shows a busy line and a progress bar, and the sliders
stay responsive. It is always the loop the explorer was built on (the
kernel's), also when JupyterLab handles a slider's message in a kernel
*subshell* (a thread with a loop of its own): the live ``AsyncOpenAI``
client's open connections work only on the loop that opened them. Without a
loop (a plain script, a test) it runs to the end before the call returns.
Once an explorer is on screen it also replays, in the background, the
settings one slider move away (:mod:`memlab.lab.widgets._ahead`).
"""

from __future__ import annotations

import asyncio
import operator
from typing import Any, ClassVar

import ipywidgets as widgets
import traitlets

from ...async_bridge import call_on_loop, run_sync, running_loop
from ...evals import strategies
from ...evals.replay import Replay
from ...scenario import Conversation
from ..views import counters, fact_rows, history_rows, sent_rows
from ._ahead import Ahead
from ._render import answer_html, columns_html, counters_html, facts_html, legend_html, line_html, table_html
from ._replays import cached, replayed

__all__ = ["PolicyExplorer", "Setting", "as_conversation", "as_setting", "schedule", "setting_in"]


class Setting(traitlets.Int):
    """An integer trait whose value is checked by the widget itself, not by traitlets.

    A plain ``traitlets.Int`` refuses ``"3"`` with a ``TraitError`` raised
    from deep inside traitlets: a long traceback in a notebook. A widget with
    ``Setting`` traits checks every value in its own ``@validate`` method
    (with :func:`as_setting`) and shows a bad one as one line where it
    happened, keeping the last good value.
    """

    def validate(self, obj: Any, value: Any) -> Any:
        return value  # the widget's @validate method checks it


def as_setting(name: str, value: Any, *, none_means_zero: bool = False) -> int:
    """``value`` as the integer a slider shows.

    Args:
        name: The setting's name, for the message.
        value: What was assigned: an ``int`` (a NumPy integer works too).
        none_means_zero: ``None`` is the library's own "no limit" for this
            setting (``max_tokens=None``); the slider shows it as ``0``.

    Returns:
        The value as an ``int``.

    Raises:
        TypeError: One line saying what is allowed, for text, a float, a bool...
    """
    if value is None and none_means_zero:
        return 0
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    allowed = "an integer (0 or None: no limit)" if none_means_zero else "an integer"
    raise TypeError(f"{name} must be {allowed}, got {value!r}")


def setting_in(name: str, value: Any, low: int, high: int | None = None) -> int | None:
    """``value`` as an ``int`` if it is one from ``low`` to ``high`` (``None``: no top), else ``None``."""
    try:
        number = as_setting(name, value)
    except TypeError:
        return None
    return number if low <= number and (high is None or number <= high) else None


def as_conversation(source: Any) -> Conversation:
    """A scenario ``Conversation``, or one made from a list of user messages.

    Raises:
        TypeError: For anything else.
        ValueError: For a conversation with no user message.
    """
    if isinstance(source, (list, tuple)) and all(isinstance(text, str) for text in source):
        source = Conversation("yours", "your conversation", tuple(source), (), ())
    if not isinstance(source, Conversation):
        raise TypeError(f"an explorer replays a scenario Conversation or a list of user messages, not {type(source).__name__}")
    if not source.user_turns:
        raise ValueError(f"conversation {source.name!r} has no user message to replay")
    return source


def schedule(coroutine: Any, pending: asyncio.Task[Any] | None) -> asyncio.Task[Any] | None:
    """Run ``coroutine``: as a task on the running loop (cancelling ``pending``), or to its end if none runs."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        run_sync(coroutine)
        return None
    if pending is not None and not pending.done():
        pending.cancel()
    return loop.create_task(coroutine)


class PolicyExplorer(widgets.VBox):
    """Sliders for one strategy's parameters, a turn slider, and what the agent did under them.

    Subclasses name the :attr:`strategy` and declare one :class:`Setting`
    trait per slider in :attr:`slider_ranges` (``max_tokens``-style parameters
    use ``0``, or ``None``, for "no limit").

    Attributes:
        replay: The replay of the current setting (``None`` until the first is ready).
        baseline: The full-history replay of the same conversation (for the counters'
            share of full history; replayed after the first setting is shown).
        pending: The running replay task, in a kernel.
        loop: The event loop it was built on (a kernel's; ``None`` in a script):
            replays and work ahead run there, whichever thread a slider's message
            arrives on.
        ahead: The work ahead (:class:`~memlab.lab.widgets._ahead.Ahead`): the
            settings one slider move away, replayed in the background.
    """

    strategy: ClassVar[str] = "full"
    #: Slider name → (minimum, maximum). A name in :attr:`off_at_zero` maps 0 to ``None``.
    slider_ranges: ClassVar[dict[str, tuple[int, int]]] = {}
    #: Slider name → step, for sliders that do not move one by one.
    slider_steps: ClassVar[dict[str, int]] = {"max_tokens": 100}
    off_at_zero: ClassVar[tuple[str, ...]] = ("max_tokens",)

    turn = Setting(1)

    def __init__(self, conversation: Any, turn: int | None = None, *, agent: Any = None, **fixed: Any) -> None:
        self.replay: Replay | None = None
        self.baseline: Replay | None = None
        self.pending: asyncio.Task[Any] | None = None
        self.loop = running_loop()
        self.ahead: Ahead | None = None
        self._conversation: Conversation | None = None
        self.agent, self.fixed = agent, fixed
        self.status = widgets.HTML()
        self.progress = widgets.IntProgress(min=0, max=1, layout=widgets.Layout(width="420px", visibility="hidden"))
        self.counters_line, self.facts = widgets.HTML(), widgets.HTML()
        self.answer, self.tables = widgets.HTML(), widgets.HTML()
        try:
            self._conversation = as_conversation(conversation)
        except (TypeError, ValueError) as exc:
            super().__init__(children=[self.status])
            self.status.value = line_html(str(exc), error=True)
            return
        try:  # the values given to the constructor, before a slider shows them
            for name in self.slider_ranges:
                as_setting(name, getattr(self, name), none_means_zero=name in self.off_at_zero)
            if turn is not None:
                as_setting("turn", turn)
        except TypeError as exc:
            super().__init__(children=[self.status])
            self.status.value = line_html(str(exc), error=True)
            return
        n = len(self.conversation.user_turns)
        self.sliders = {name: self._slider(name, *bounds) for name, bounds in self.slider_ranges.items()}
        self.turn_slider = self._slider("turn", 1, n)
        self.play = widgets.Play(min=1, max=n, interval=700, description="play")
        widgets.link((self.play, "value"), (self.turn_slider, "value"))
        controls = widgets.VBox([*self.sliders.values(), widgets.HBox([self.play, self.turn_slider])])
        self.ahead = Ahead(self)
        super().__init__(children=[
            controls, self.ahead.box, widgets.HBox([self.status, self.progress]), widgets.HTML(legend_html()),
            self.counters_line, self.facts, self.answer, self.tables,
        ])
        for name, slider in {**self.sliders, "turn": self.turn_slider}.items():
            self._bind(slider, name)
        with self.hold_trait_notifications():
            self.turn = n if turn is None else turn
        self.observe(self._on_parameter, names=list(self.slider_ranges))
        self.observe(lambda _: self._render(), names="turn")
        self._view_count = 0  # a front end counts the views it shows: work ahead starts once one does
        self.observe(self._on_view_count, names="_view_count")
        try:
            strategies.check_config(self.strategy, self.params())
        except (TypeError, ValueError) as exc:
            self._say(str(exc), error=True)
            return
        self._request()

    # ------------------------------------------------------------ controls

    def _slider(self, name: str, low: int, high: int) -> widgets.IntSlider:
        label = f"{name} (0 = no limit)" if name in self.off_at_zero else name
        return widgets.IntSlider(
            value=getattr(self, name), min=low, max=max(high, getattr(self, name)), step=self.slider_steps.get(name, 1),
            description=label, continuous_update=False, style={"description_width": "initial"},
            layout=widgets.Layout(width="460px"),
        )

    def _bind(self, slider: widgets.IntSlider, name: str) -> None:
        """Keep ``slider.value`` and trait ``name`` equal, both ways."""
        slider.observe(lambda change: setattr(self, name, change["new"]), "value")

        def from_trait(change: dict[str, Any]) -> None:
            slider.max = max(slider.max, change["new"])
            slider.value = change["new"]

        self.observe(from_trait, name)

    def params(self) -> dict[str, Any]:
        """The strategy's parameters for the current slider values (and the fixed ones)."""
        values = {name: getattr(self, name) for name in self.slider_ranges}
        for name in self.off_at_zero:
            if name in values and values[name] == 0:
                values[name] = None
        return {**values, **self.fixed}

    def _checked(self, proposal: dict[str, Any]) -> Any:
        """A trait validator: an invalid value is refused with one line, and the last good value stays."""
        name, value = proposal["trait"].name, proposal["value"]
        if value is None and name in self.off_at_zero:
            value = 0  # the library's "no limit" (max_tokens=None) is the slider's 0
        if getattr(self, "fixed", None) is None:  # still constructing: checked as a whole once every value is set
            try:
                return as_setting(name, value)
            except TypeError:
                return value  # __init__ shows it in one line
        if name == "turn":
            last = len(self.conversation.user_turns) if self.conversation else 1
            value = setting_in(name, value, 1, last)
            if value is None:
                self._say(f"turn must be an integer from 1 to {last}, got {proposal['value']!r}", error=True)
                return getattr(self, name)
            return value
        try:
            value = as_setting(name, value, none_means_zero=name in self.off_at_zero)
            strategies.check_config(self.strategy, {**self.params(), **self._proposed(name, value)})
        except (TypeError, ValueError) as exc:
            self._say(str(exc), error=True)
            return getattr(self, name)
        return value

    def _proposed(self, name: str, value: Any) -> dict[str, Any]:
        """The parameters that change when slider ``name`` moves to ``value``."""
        return {name: None if name in self.off_at_zero and value == 0 else value}

    def settings_ahead(self) -> list[dict[str, Any]]:
        """The settings one slider move away: the current one first, then each slider's nearest values in turn.

        Every value a slider can take (``min`` to ``max`` by its ``step``), with
        the other sliders where they are; values the policy refuses are left
        out. These are what the explorer replays ahead (:attr:`ahead`).
        """
        if not hasattr(self, "sliders"):
            return []
        moves_by_slider = []
        for name, slider in self.sliders.items():
            here = getattr(self, name)
            values = sorted(set(range(slider.min, slider.max + 1, slider.step)) - {here}, key=lambda v: (abs(v - here), v))
            moves_by_slider.append([self._moved(name, value) for value in values])
        found = [self.params()]
        for rank in range(max((len(moves) for moves in moves_by_slider), default=0)):
            for moves in moves_by_slider:
                params = moves[rank] if rank < len(moves) else None
                if params is not None and params not in found:
                    found.append(params)
        return found

    def _moved(self, name: str, value: int) -> dict[str, Any] | None:
        """The parameters after slider ``name`` moves to ``value``, or ``None`` if the policy refuses them."""
        params = {**self.params(), **self._proposed(name, value)}
        try:
            strategies.check_config(self.strategy, params)
        except (TypeError, ValueError):
            return None
        return params

    @traitlets.validate("turn")
    def _valid_turn(self, proposal: dict[str, Any]) -> Any:
        return self._checked(proposal)

    # ------------------------------------------------------------ replays

    def _on_parameter(self, change: dict[str, Any]) -> None:
        call_on_loop(self.loop, self._request)  # a front end's message may arrive on a subshell's thread

    def _on_view_count(self, change: dict[str, Any]) -> None:
        call_on_loop(self.loop, self._views_changed, change["new"])

    def _views_changed(self, views: int) -> None:
        if views:
            self.ahead.resume()
            self.ahead.show()
        else:  # no front end shows it any more (its cell ran again, its output was cleared)
            self.ahead.cancel()

    @property
    def conversation(self) -> Conversation | None:
        """The conversation replayed. Assign another (or a list of user messages) to explore it instead.

        The replay and the work ahead still running for the old one are
        cancelled; the turn slider moves to the new conversation's last turn,
        and the current setting is replayed on it.
        """
        return self._conversation

    @conversation.setter
    def conversation(self, source: Any) -> None:
        if self.ahead is None:
            self._say("this explorer could not be built from its arguments; create a new one", error=True)
            return
        try:
            conversation = as_conversation(source)
        except (TypeError, ValueError) as exc:
            self._say(str(exc), error=True)
            return
        self.ahead.cancel()
        if self.pending is not None and not self.pending.done():
            self.pending.cancel()
        self._conversation, self.replay, self.baseline = conversation, None, None
        self._render()  # nothing of the old conversation stays on screen
        last = len(conversation.user_turns)
        self.turn_slider.max = self.play.max = last
        self.turn = last
        self._request()

    def compute_ahead(self) -> None:
        """Replay the settings one slider move away now (what the button under the sliders does live).

        Offline, an explorer does this by itself once it is on screen. Live,
        each replay is billed, so nothing is replayed ahead until you ask. In
        a kernel it runs in the background (``await explorer.ahead.finished()``
        waits for it); without an event loop it runs before this returns.
        """
        if self.ahead is not None:
            self.ahead.start()

    def close(self) -> None:
        """Close the explorer: the replay it still runs and its work ahead are cancelled."""
        if getattr(self, "ahead", None) is not None:
            self.ahead.close()
        pending = getattr(self, "pending", None)
        if pending is not None and not pending.done():
            pending.cancel()
        super().close()

    def _request(self) -> None:
        """Show the current setting: from the cache at once, or by replaying it."""
        params = self.params()
        baseline = cached(self.conversation, "full", {}, self.agent)
        replay = cached(self.conversation, self.strategy, params, self.agent)
        if baseline is not None and replay is not None:
            if self.pending is not None and not self.pending.done():
                self.pending.cancel()  # an older setting still replaying is no longer wanted
            self._show(baseline, replay, "shown from the cache")
        else:
            self._say(f"Replaying the conversation under {strategies.run_label(self.strategy, params)}…")
            self.progress.layout.visibility = "visible"  # busy at once, before the task starts
            self.pending = schedule(self._compute(), self.pending)
            self.ahead.show()  # the settings one move away from this one: how many are ready
        self.ahead.resume()  # and the others, in the background

    async def ready(self) -> None:
        """Wait until the replay of the current setting (if one runs) is shown."""
        while self.pending is not None and not self.pending.done():
            await asyncio.wait({self.pending})  # a newer setting may replace the task: wait for that one too

    async def _replayed(self, strategy: str, params: dict[str, Any]) -> Replay:
        return await replayed(self.conversation, strategy, params, self.agent, self.progress, self._say)

    async def _compute(self) -> None:
        """Replay the setting and show it; then replay full history (once) for the token share.

        The setting comes first: its answers are what the learner asked to
        see. Full history is the slow one on a long conversation (every call
        resends everything before it), and only the counters' "% of full
        history" needs it, so the counters show that share when it is ready.
        """
        params, conversation = self.params(), self.conversation
        try:
            fresh = cached(self.conversation, self.strategy, params, self.agent) is None
            replay = await self._replayed(self.strategy, params)
            how = f"{len(replay.history)} turns replayed through the Runner" if fresh else "shown from the cache"
            baseline = cached(self.conversation, "full", {}, self.agent)
            if baseline is None:
                if params == self.params():
                    self._show(None, replay, f"{how}; now replaying full history for the token share")
                baseline = await replayed(self.conversation, "full", {}, self.agent, self.progress)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 — shown in place; the last good view stays
            self._say(f"Could not replay this setting: {type(exc).__name__}: {exc}", error=True)
            return
        finally:
            self.progress.layout.visibility = "hidden"
        if params == self.params() and conversation is self.conversation:  # the learner did not move on meanwhile
            self._show(baseline, replay, how)

    def _show(self, baseline: Replay | None, replay: Replay, how: str) -> None:
        self.baseline, self.replay = baseline, replay
        self._render()
        self._say(f"{replay.label}: {how}.")
        self.ahead.show()

    # ------------------------------------------------------------ view

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.value = line_html(text, error=error)

    @property
    def sent(self) -> Any:
        """What the model was sent at :attr:`turn` (a DataFrame; see :func:`memlab.lab.views.sent_rows`)."""
        return sent_rows(self.replay, self.turn)

    @property
    def history(self) -> Any:
        """Every item so far and what became of it at :attr:`turn` (:func:`memlab.lab.views.history_rows`)."""
        return history_rows(self.replay, self.turn)

    def _render(self) -> None:
        if self.replay is None:
            for view in (self.counters_line, self.facts, self.answer, self.tables):
                view.value = ""
            return
        row = self.replay.turns.set_index("turn").loc[self.turn]
        probe = None if not isinstance(row["probe"], str) else {"expected": row["expected"], "correct": bool(row["correct"])}
        self.counters_line.value = counters_html(self.turn, counters(self.replay, self.turn, self.baseline))
        self.facts.value = facts_html(fact_rows(self.replay, self.turn), self.turn)
        self.answer.value = answer_html(row["user"], row["answer"], probe)
        self.tables.value = columns_html(
            table_html(self.sent, f"What the model was sent at turn {self.turn}, in order"),
            table_html(self.history, f"The conversation so far (turns 1–{self.turn}), and what became of each item"),
        )
