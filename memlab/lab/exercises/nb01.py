"""Checks for notebook 01 (sessions and turns).

Exercise 1 is a prediction: a run with ``SessionSettings(limit=3)`` on a tool
turn. :func:`reveal_limit_on_a_tool_turn` plays it only once the learner has
written a prediction, then compares it with what each model call was sent and
what the session stores, so the notebook's saved outputs never show the
answer before the learner has guessed.

Exercise 2 asks the learner for ``window(history, new_input, n)``: the body of
a ``session_input_callback`` that shows the model the newest ``n`` whole turns
of history, then the new input. :func:`check_window` runs it on conversations
the notebook never showed — tool pairs, two calls in one turn, reasoning
items, typed user messages, a preamble, an empty history — and compares each
answer with memlab's own rule (:func:`memlab.trim_view`, the view
:func:`memlab.keep_last_turns` gives). Every window must also pass the request
checks of memlab's offline API, which are the real API's: a cut inside a turn
shows up as the 400 the learner would get live.
"""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from ...items import Item, assistant, typed_user, user
from ...offline.checks import OfflineAPIError, check_request
from ...trimming import trim_view
from ...turns import count_turns, is_user_message, item_type, turn_starts
from .report import Prediction, Report, check_cases

__all__ = ["WINDOW_CASES", "check_window", "reveal_limit_on_a_tool_turn"]


# -- items, shaped as the SDK stores them ------------------------------------------


def _call(key: str, name: str, arguments: str) -> Item:
    return {"id": f"fc_{key}", "type": "function_call", "call_id": f"call_{key}", "name": name,
            "arguments": arguments, "status": "completed"}


def _output(key: str, output: str) -> Item:
    return {"type": "function_call_output", "call_id": f"call_{key}", "output": output}


def _reasoning(key: str, text: str) -> Item:
    return {"id": f"rs_{key}", "type": "reasoning", "summary": [{"type": "summary_text", "text": text}]}


_ORDER = '{"order_id": "ORD-48213", "status": "delivered"}'
_DIAG = '{"serial": "SN-AX7Q42PL", "error_codes": ["E-3120"]}'
_WARRANTY = '{"serial": "SN-AX7Q42PL", "covered": true}'

# Each case: (name, history, new input, n). None of them is in the notebook.
WINDOW_CASES: list[tuple[str, list[Item], list[Item], int]] = [
    (
        "three chat turns, n=2: the last two",
        [user("My earbuds won't pair."), assistant("Hold the case button for 10 s.", "msg_a1"),
         user("Done, they pair now."), assistant("Great. Anything else?", "msg_a2"),
         user("The left one has no sound."), assistant("Check the balance setting.", "msg_a3")],
        [user("The balance is centred.")], 2,
    ),
    (
        "a tool turn, n=1: the call stays with its output",
        [user("My router drops the wifi."), assistant("Which order was it?", "msg_b1"),
         user("Order ORD-48213."), _call("b2", "lookup_order", '{"order_id": "ORD-48213"}'),
         _output("b2", _ORDER), assistant("Delivered on 2025-01-17.", "msg_b3")],
        [user("Can you open a ticket?")], 1,
    ),
    (
        "two calls in one turn, n=1: both pairs whole",
        [user("Hi, the laptop fan is loud."), assistant("What is its serial?", "msg_c1"),
         user("SN-AX7Q42PL. Run diagnostics and check the warranty, please."),
         _call("c2", "run_diagnostics", '{"serial": "SN-AX7Q42PL"}'),
         _call("c3", "check_warranty", '{"serial": "SN-AX7Q42PL"}'),
         _output("c2", _DIAG), _output("c3", _WARRANTY), assistant("E-3120, and it is covered.", "msg_c4")],
        [user("What happens next?")], 1,
    ),
    (
        "reasoning items, n=2: each stays before what it produced",
        [user("Order ORD-48213 arrived broken."), _reasoning("d1", "Look the order up first."),
         _call("d2", "lookup_order", '{"order_id": "ORD-48213"}'), _output("d2", _ORDER),
         _reasoning("d3", "Delivered; offer a return."), assistant("Delivered 2025-01-17; I can start a return.", "msg_d4"),
         user("Yes, please."), _reasoning("d5", "A human must act."),
         _call("d6", "create_ticket", '{"summary": "Return ORD-48213"}'), _output("d6", '{"ticket_id": "TCK-000417"}'),
         assistant("Ticket TCK-000417 is open.", "msg_d7"),
         user("Thanks."), assistant("You're welcome.", "msg_d8")],
        [user("What was the ticket number?")], 2,
    ),
    (
        "typed user messages (content as parts) open turns too, n=2",
        [typed_user("The screen flickers on battery."), assistant("Does it flicker on an external monitor?", "msg_e1"),
         typed_user("No, only on the built-in screen."), assistant("Try the newest graphics driver.", "msg_e2"),
         typed_user("Installed; the flicker is gone."), assistant("Good to hear.", "msg_e3")],
        [typed_user("One more question.")], 2,
    ),
    (
        "fewer turns than n: everything, the preamble too",
        [{"role": "developer", "content": "The customer is a business account."},
         assistant("Hello! How can I help?", "msg_f1"),
         user("My charger is missing."), assistant("Which order?", "msg_f2")],
        [user("ORD-73914.")], 3,
    ),
    (
        "a preamble goes once its turn 1 is cut, n=1",
        [assistant("Hello! How can I help?", "msg_g1"),
         user("My charger is missing."), assistant("Which order?", "msg_g2"),
         user("ORD-73914."), _call("g3", "lookup_order", '{"order_id": "ORD-73914"}'),
         _output("g3", '{"order_id": "ORD-73914", "status": "delivered"}'), assistant("It shows as delivered.", "msg_g4")],
        [user("It wasn't in the box.")], 1,
    ),
    (
        "an empty history: only the new input",
        [], [user("Hello, is anyone there?")], 2,
    ),
]


# -- judging one answer --------------------------------------------------------------


def _kind(item: Any) -> str:
    if not isinstance(item, dict):
        return f"a {type(item).__name__}"
    kind = item_type(item)
    return f"an {item.get('role')} message" if kind == "message" else f"a {kind}"


def _verdict(got: Any, history: Sequence[Item], new_input: Sequence[Item], n: int) -> str | None:
    """``None`` when ``got`` is the right window, else why it is not (one short line)."""
    expected = trim_view(history, n) + list(new_input)
    if not isinstance(got, list):
        return f"returned a {type(got).__name__}; a session_input_callback returns a list of items"
    if got == expected:
        return None
    tail = len(new_input)
    if len(got) < tail or got[len(got) - tail:] != list(new_input):
        return "the new input must come last, unchanged"
    window, want = got[: len(got) - tail], expected[: len(expected) - tail]
    try:
        check_request({"model": "gpt-4.1-mini", "input": got})
    except OfflineAPIError as error:
        return f"the API would answer 400: {error.message}"
    if any(item not in history for item in window):
        return "the window holds an item that is not in the history (or a changed one)"
    kept, expected_turns = count_turns(window), count_turns(want)
    if kept != expected_turns:
        return f"kept {kept} turn{'s' * (kept != 1)}, expected {expected_turns}"
    starts = turn_starts(history)
    if starts and starts[0] > 0:  # the history opens with a preamble
        if want[:1] == history[:1] and window[:1] != history[:1]:
            return "dropped the preamble although every turn fits"
        if want[:1] != history[:1] and history[0] in window:
            return "kept the preamble although turn 1 was cut"
    if window and want and is_user_message(want[0]) and not is_user_message(window[0]):
        return f"the window starts mid-turn, with {_kind(window[0])}"
    return f"not the newest {n} whole turn{'s' * (n != 1)}, in their order"


def check_window(window: Callable[[list[Item], list[Item], int], list[Item]]) -> Report:
    """Run the learner's ``window(history, new_input, n)`` on :data:`WINDOW_CASES`.

    Each case hands the function fresh copies (as the runner does), so an
    answer that edits its arguments cannot spoil the next case.

    Returns:
        A :class:`~memlab.lab.exercises.Report`: one ✓/✗ line per case and a tally;
        "not done yet" while ``window`` raises ``NotImplementedError``.
    """

    def case(history: list[Item], new_input: list[Item], n: int) -> Callable[[], str | None]:
        def run() -> str | None:
            got = window(copy.deepcopy(history), copy.deepcopy(new_input), n)
            return _verdict(got, history, new_input, n)

        return run

    return check_cases("Exercise 2: a window of whole turns", [(name, case(*rest)) for name, *rest in WINDOW_CASES])


# -- exercise 1: a prediction -------------------------------------------------------


def _as_kinds(value: Any) -> list[str] | None:
    """A predicted list of kinds, or ``None`` if it is not a list of strings."""
    if isinstance(value, (list, tuple)) and all(isinstance(kind, str) for kind in value):
        return [kind.strip() for kind in value]
    return None


async def reveal_limit_on_a_tool_turn(
    predicted_first_call: Any,
    predicted_second_call: Any,
    predicted_stored: Any,
    experiment: Callable[[], Awaitable[tuple[list[list[str]], int]]],
) -> Prediction:
    """Run ``experiment`` once all three predictions are written, then compare.

    Args:
        predicted_first_call: The kinds of the items the first model call is
            sent (``"user"``, ``"assistant"``, ``"function_call"``,
            ``"function_call_output"``), in order.
        predicted_second_call: The same for the second model call.
        predicted_stored: How many items the session stores after the run.
        experiment: A function of no arguments that makes the run and returns
            ``(kinds sent per model call, items stored)``. It is called only
            when every prediction is filled in.

    Returns:
        A report: one line per call and one for the store (✓ when you predicted
        it right), and the tally.
    """
    report = Prediction("Exercise 1: a limit on a tool turn")
    if not predicted_first_call or not predicted_second_call or predicted_stored is None:
        report.not_started = True
        return report
    sent, stored = await experiment()
    for number, predicted in enumerate((predicted_first_call, predicted_second_call), start=1):
        guess = _as_kinds(predicted)
        if number > len(sent):
            report.total += 1
            report.lines.append(
                f"  ✗ call {number}: the model made only {len(sent)} call(s): it answered without a tool (a live model may)"
            )
        elif guess is None:
            report.total += 1
            report.lines.append(f"  ✗ call {number} sent {sent[number - 1]} (write your prediction as a list of kinds)")
        else:
            report.add(guess == sent[number - 1], f"call {number} sent {sent[number - 1]}", f"you said {guess}")
    right = not isinstance(predicted_stored, bool) and predicted_stored == stored
    report.add(right, f"stored after the run: {stored} items", f"you said {predicted_stored!r}")
    return report
