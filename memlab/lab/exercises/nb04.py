"""Checks for the exercises of ``04_beyond_the_cookbook``.

* :func:`reveal_comparison` — the prediction before the comparison of seven
  policies on ``LONG``: which is cheapest with every must-keep fact, which is
  dearest, and what ``server_side`` bills. It compares only once all three
  answers are written.
* :func:`check_token_trigger` — Exercise 1: a ``should_trigger_compaction`` hook
  for the SDK's ``OpenAIResponsesCompactionSession`` that compacts on *tokens*
  (``memlab.tokens.count_items(context["session_items"]) > max_tokens``) rather
  than on the SDK's default count of ten items.
* :func:`check_keep_ids` — Exercise 2: a ``call_model_input_filter`` that
  replaces the tool outputs of older turns with the identifiers they hold.

The hidden cases are built from the scenario's ``LONG`` conversation as the
offline model plays it (:func:`memlab.offline.model.play`), plus a few made-up
histories, so they do not depend on the notebook's own runs.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

from agents.run_config import CallModelData, ModelInputData

from ...facts import find_facts
from ...items import Item
from ...offline.model import play
from ...scenario import BACKENDS, INSTRUCTIONS, LONG, tool_definitions
from ...tokens import count_items
from ...turns import is_user_message, item_type, split_turns
from .report import CaseFailed, Prediction, Report, check_cases

__all__ = ["check_keep_ids", "check_token_trigger", "reveal_comparison"]

#: At most this many characters in an old tool output after the filter of Exercise 2.
SHORT = 100


def _long_turns() -> list[list[Item]]:
    """LONG's turns, as the offline model plays them (a fresh copy each call)."""
    return split_turns(play(LONG.user_turns, tool_definitions(), BACKENDS, INSTRUCTIONS))[1]


def _flat(turns: list[list[Item]]) -> list[Item]:
    return [item for turn in turns for item in turn]


def _context(items: list[Item]) -> dict[str, Any]:
    """The dict the compaction session passes to its hook (as in the SDK: candidates exclude user messages)."""
    candidates = [i for i in items if not is_user_message(i) and item_type(i) != "compaction"]
    return {
        "response_id": "resp_hidden",
        "compaction_mode": "previous_response_id",
        "compaction_candidate_items": copy.deepcopy(candidates),
        "session_items": copy.deepcopy(items),
    }


def _chatter(n: int) -> list[Item]:
    """``n`` short exchanges: many items, few tokens."""
    items: list[Item] = []
    for k in range(n):
        items.append({"role": "user", "content": "ok"})
        items.append({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": f"Noted ({k})."}]})
    return items


def _long_user_messages() -> list[Item]:
    """Three long user messages and three one-word replies: the bulk is the user's."""
    story = ("My laptop fan starts loud every morning, then the screen flickers, then the wifi drops; "
             "I restarted it, updated the drivers, cleaned the vents and tried another charger. ") * 4
    items: list[Item] = []
    for _ in range(3):
        items.append({"role": "user", "content": story})
        items.append({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Noted."}]})
    return items


def check_token_trigger(make_trigger: Callable[[int], Callable[[dict[str, Any]], Any]]) -> Report:
    """Run ``make_trigger(max_tokens)`` hooks on hidden ``context`` dicts.

    The hook must return a true value exactly when the stored history
    (``context["session_items"]``) holds *more than* ``max_tokens`` tokens as
    :func:`memlab.tokens.count_items` counts them.
    """
    turns = _long_turns()
    first3, first12, lookup = _flat(turns[:3]), _flat(turns[:12]), turns[1]
    chatter, talkative = _chatter(12), _long_user_messages()

    def decides(items: list[Item], max_tokens: int, expected: bool) -> str | None:
        hook = make_trigger(max_tokens)
        if not callable(hook):
            return f"token_trigger({max_tokens}) returned {type(hook).__name__}, not a function"
        tokens = count_items(items)
        got = hook(_context(items))
        if bool(got) != expected:
            verb = "compact" if expected else "wait"
            return (f"{len(items)} items holding {tokens} tokens, budget {max_tokens}: "
                    f"should {verb}, your hook returned {got!r}")
        return None

    def boundary() -> str | None:
        tokens = count_items(first3)
        return decides(first3, tokens, False) or decides(first3, tokens - 1, True)

    cases = [
        ("a short history under the budget: wait", lambda: decides(first3, 1000, False)),
        ("a long history over the budget: compact", lambda: decides(first12, 1000, True)),
        ("one turn with a big tool output (4 items) over a small budget: compact", lambda: decides(lookup, 300, True)),
        (f"{len(chatter)} tiny items under the budget (the SDK's item count would compact): wait",
         lambda: decides(chatter, 500, False)),
        ("user messages are sent with every request, so they count too: compact",
         lambda: decides(talkative, 400, True)),
        ("at exactly the budget, wait; one token over it, compact", boundary),
        ("the budget is the argument: the same long history under a budget of 5000: wait",
         lambda: decides(first12, 5000, False)),
    ]
    return check_cases("Exercise 1 (a token trigger for compaction)", cases)


# ------------------------------------------------------------------ Exercise 2


def _call(items: list[Item], instructions: str | None = "You are the support assistant.") -> CallModelData[Any]:
    return CallModelData(model_data=ModelInputData(input=items, instructions=instructions), agent=None, context=None)


def _outputs(items: list[Item]) -> list[tuple[int, Item]]:
    return [(i, item) for i, item in enumerate(items) if item_type(item) == "function_call_output"]


def _newest_user(items: list[Item]) -> int:
    starts = [i for i, item in enumerate(items) if is_user_message(item)]
    return starts[-1] if starts else 0


def _identifiers(text: str) -> list[str]:
    return [value for kind, values in find_facts(text).items() if kind != "contact_channel" for value in values]


def check_keep_ids(keep_ids: Callable[[CallModelData[Any]], Any]) -> Report:
    """Run the learner's ``call_model_input_filter`` on hidden model inputs.

    Every ``function_call_output`` *before the newest user message* must come
    back with an ``output`` of at most :data:`SHORT` characters that still names
    every identifier (order number, serial, error code, ticket id) the original
    held; every other item must come back unchanged, in order; the
    instructions must be passed on; the caller's items must not be modified.
    """
    turns = _long_turns()
    # Turn 9's first model call: turns 1-8 as history (four tool calls), then the new question.
    history = _flat(turns[:8]) + [turns[8][0]]
    # Turn 8's second model call: the newest turn holds its own call and output.
    mid_turn = _flat(turns[:8])[:-1]
    bulky = {"call_id": "call_logs_1", "name": "fetch_logs", "type": "function_call", "arguments": "{}", "status": "completed"}
    bulky_output = {"call_id": "call_logs_1", "type": "function_call_output",
                    "output": json.dumps({"lines": [f"12:0{k} fan ramped up, temperature normal" for k in range(9)] * 3})}
    no_ids = [{"role": "user", "content": "Show me the fan logs."}, bulky, bulky_output,
              {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "Here they are."}]},
              {"role": "user", "content": "Thanks."}]

    def run(items: list[Item], instructions: str | None = "You are the support assistant.") -> list[Item]:
        result = keep_ids(_call(items, instructions))
        if not isinstance(result, ModelInputData):
            raise CaseFailed(f"return a ModelInputData, not {type(result).__name__}")
        if not isinstance(result.input, list):
            raise CaseFailed(f"ModelInputData.input must be a list, not {type(result.input).__name__}")
        return result.input

    def old_output_kept_ids(tool: str) -> str | None:
        items = copy.deepcopy(history)
        names = {i.get("call_id"): i.get("name") for i in items if item_type(i) == "function_call"}
        out = run(items)
        if len(out) != len(items):
            return f"{len(items)} items in, {len(out)} out: keep every item"
        for index, item in _outputs(history):
            if names.get(item["call_id"]) != tool:
                continue
            new = str(out[index].get("output", ""))
            missing = [v for v in _identifiers(str(item["output"])) if v not in new]
            if missing:
                return f"the old {tool} output lost {', '.join(dict.fromkeys(missing))}"
            if len(new) > SHORT:
                return f"the old {tool} output is still {len(new)} characters (at most {SHORT})"
        return None

    def newest_turn_untouched() -> str | None:
        items = copy.deepcopy(mid_turn)
        out = run(items)
        newest = _newest_user(mid_turn)
        for index, item in _outputs(mid_turn):
            if index > newest and out[index] != item:
                return "the newest turn's tool output was changed: the model is answering from it right now"
        return None

    def pairs_kept() -> str | None:
        out = run(copy.deepcopy(history))
        before = [(item_type(i), i.get("call_id")) for i in history]
        after = [(item_type(i), i.get("call_id")) for i in out]
        if after != before:
            return "the items (or their call ids) changed order or kind: every call must keep its output"
        return None

    def others_unchanged() -> str | None:
        out = run(copy.deepcopy(history))
        changed = [i for i, item in enumerate(history) if item_type(item) != "function_call_output" and out[i] != item]
        if changed:
            return f"item {changed[0]} ({item_type(history[changed[0]])}) was changed; only old tool outputs may change"
        return None

    def instructions_passed() -> str | None:
        result = keep_ids(_call(copy.deepcopy(history), "Be brief. Quote ids exactly."))
        if getattr(result, "instructions", None) != "Be brief. Quote ids exactly.":
            return f"the instructions came back as {getattr(result, 'instructions', None)!r}"
        return None

    def not_mutated() -> str | None:
        items = copy.deepcopy(history)
        run(items)
        if items != history:
            return "the caller's items were modified in place: build new dicts (the session's copies must stay whole)"
        return None

    def no_identifiers() -> str | None:
        out = run(copy.deepcopy(no_ids))
        new = str(out[2].get("output", ""))
        if len(new) > SHORT:
            return f"an old output without identifiers is still {len(new)} characters (at most {SHORT})"
        return None

    def no_user_message() -> str | None:
        items = [bulky, bulky_output]
        out = run(copy.deepcopy(items))
        if out != items:
            return "with no user message nothing is older than the newest turn: nothing should change"
        return None

    cases = [
        ("an old order lookup keeps its order number and loses its bulk", lambda: old_output_kept_ids("lookup_order")),
        ("an old diagnostics output keeps the serial and the error code", lambda: old_output_kept_ids("run_diagnostics")),
        ("the newest turn's tool output is passed whole", newest_turn_untouched),
        ("every call keeps its output: same items, same order, same call ids", pairs_kept),
        ("messages and calls pass unchanged", others_unchanged),
        ("the instructions are passed on", instructions_passed),
        ("the caller's items are not modified", not_mutated),
        ("an old output without identifiers is cut short too", no_identifiers),
        ("no user message at all: nothing is old, nothing changes", no_user_message),
    ]
    return check_cases("Exercise 2 (a filter that keeps identifiers)", cases)


# ------------------------------------------------------------------ the comparison: a prediction

#: How far (in shares of full history's tokens) a guess of server_side's bill may be and still count.
SHARE_TOLERANCE = 0.10


def reveal_comparison(
    cheapest_with_every_fact: Any, dearest: Any, server_side_share: Any, summary: Any, labels: Mapping[str, str]
) -> Prediction:
    """Compare three guesses about the seven replays of ``LONG`` with their summary table.

    Args:
        cheapest_with_every_fact: The short name of the configuration you expect
            to bill the fewest total tokens while answering every must-keep probe.
        dearest: The short name of the one you expect to bill the most.
        server_side_share: What you expect ``server_side`` to bill, as a share
            of full history's tokens (``0.5`` for half; a number above 3 is read
            as a percentage).
        summary: The summary table (:func:`memlab.evals.summarize_runs`): one row
            per ``label``, with ``total_tokens``, ``vs_full`` and ``must_keep_recall``.
        labels: Short name → the configuration's ``label`` in ``summary``.

    Returns:
        A report: one line per guess (✓ when right; the share counts within
        10 points) and the tally. Until all three are written it says so.
    """
    report = Prediction("Predict before you run: seven policies on LONG")
    if cheapest_with_every_fact is None or dearest is None or server_side_share is None:
        report.not_started = True
        return report
    names = ", ".join(map(repr, labels))
    unknown = [guess for guess in (cheapest_with_every_fact, dearest) if guess not in labels]
    share_ok = isinstance(server_side_share, (int, float)) and not isinstance(server_side_share, bool)
    if unknown or not share_ok:
        report.total = 3
        report.lines.append(f"  ✗ write one of {names} for the first two, and a number for the share, then run this cell again")
        return report
    short = {label: name for name, label in labels.items()}
    rows = summary.set_index("label").loc[list(labels.values())]
    keeping = rows[rows["must_keep_recall"] >= 1.0]
    cheapest = short[keeping["total_tokens"].astype(float).idxmin()] if len(keeping) else None
    top = short[rows["total_tokens"].astype(float).idxmax()]
    share = float(rows.loc[labels["server_side"], "vs_full"]) if "server_side" in labels else None
    guess = server_side_share / 100 if server_side_share > 3 else float(server_side_share)

    if cheapest is None:
        report.add(False, "no configuration answers every must-keep probe", f"you said {cheapest_with_every_fact}")
    else:
        share_of_full = rows.loc[labels[cheapest], "vs_full"]
        report.add(cheapest_with_every_fact == cheapest,
                   f"the cheapest that answers every must-keep probe: {cheapest}, {share_of_full:.0%} of full history",
                   f"you said {cheapest_with_every_fact}")
    report.add(dearest == top, f"the dearest of the seven: {top}, {rows.loc[labels[top], 'vs_full']:.0%} of full history",
               f"you said {dearest}")
    if share is None:
        report.add(False, "server_side was not replayed", f"you said {guess:.0%}")
    else:
        near = abs(guess - share) <= SHARE_TOLERANCE
        report.add(near, f"server_side billed {share:.0%} of full history's tokens",
                   f"you said {guess:.0%}, more than {SHARE_TOLERANCE:.0%} away")
    return report
