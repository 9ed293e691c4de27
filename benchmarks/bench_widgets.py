"""How long from a slider change to the updated view, on a 200-turn conversation?

A slider change recomputes the view (pure policy + table + counters) and
re-renders the HTML; nothing re-runs the agent. Three cases, each timed over
repeated slider moves, median reported:

* trimming: move ``max_turns``;
* summarizing, cached: move ``context_limit`` between values already replayed;
* summarizing, uncached: a new ``(context_limit, keep_last_n_turns)`` pair,
  which replays the whole conversation through a ``SummarizingSession``.

Targets (issue 3): < 50 ms, < 50 ms and < 300 ms. The machine is shared and
noisy, so each is printed as a share of its target; a miss is reported, not
raised. Run it with ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

from memlab.scenario import synthetic_conversation
from memlab.views import Transcript
from memlab.widgets import SummarizingExplorer, TrimmingExplorer


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    conversation = synthetic_conversation(200)
    transcript = Transcript.of(conversation)
    print(f"conversation: {transcript.n_turns} turns, {len(transcript.items)} items, {sum(transcript.tokens)} tokens")

    trimming = TrimmingExplorer(transcript, max_turns=3)
    moves = [1, 2, 3, 4, 5, 6, 8, 10] * 3
    trim_ms = statistics.median(timed(lambda v=v: setattr(trimming.max_turns_slider, "value", v)) for v in moves) * 1e3

    summarizing = SummarizingExplorer(transcript, context_limit=4, keep_last_n_turns=2, must_keep=conversation.must_keep_patterns())
    summarizing.context_slider.value = 5  # warm the second cache entry
    cached_ms = statistics.median(
        timed(lambda v=v: setattr(summarizing.context_slider, "value", v)) for v in [4, 5] * 8
    ) * 1e3
    uncached = []
    for context_limit in (6, 7, 8, 9, 10):  # each a new parameter set: a full replay
        uncached.append(timed(lambda c=context_limit: setattr(summarizing.context_slider, "value", c)))
    uncached_ms = statistics.median(uncached) * 1e3

    print(f"{'case':<28}{'median ms':>10}{'target ms':>11}{'share of target':>17}")
    for name, value, target in [
        ("trimming (max_turns)", trim_ms, 50),
        ("summarizing, cached", cached_ms, 50),
        ("summarizing, uncached", uncached_ms, 300),
    ]:
        verdict = "PASS" if value < target else "MISS"
        print(f"{name:<28}{value:>10.1f}{target:>11}{value / target:>16.0%}  {verdict}")


if __name__ == "__main__":
    main()
