"""How long from a slider change to the updated view?

Explorers re-run the agent: a setting seen before is shown from the cache,
a new one is replayed through the real ``Runner`` (offline model, real
``openai`` client). Three figures, medians of repeated moves:

* a setting already seen, on a 200-turn conversation: slider -> updated view
  (the tables, facts and counters re-rendered from cached replays);
* a new setting on the 37-turn ``LONG``: slider -> replay -> updated view,
  with the full-history baseline already cached (as after the first display);
* the same for one new setting on the 200-turn conversation (reported, no target).

Targets: <= 50 ms and <= 1 s. The machine is shared and noisy: each figure is
printed with its share of the target; a miss is reported, not raised. Run it
with ``python benchmarks/bench_widgets.py``.
"""

from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

from memlab import offline
from memlab.scenario import LONG, synthetic_conversation
from memlab.widgets import TrimmingExplorer


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    print(offline.configure("offline"))
    long_conversation = synthetic_conversation(200)

    # 1. a setting already seen, 200 turns (the first display replays full history once: slow, not timed)
    started = time.perf_counter()
    explorer = TrimmingExplorer(long_conversation, max_turns=3)
    first_display_s = time.perf_counter() - started
    explorer.sliders["max_turns"].value = 5  # a second setting, now cached too
    cached_ms = statistics.median(
        timed(lambda v=v: setattr(explorer.sliders["max_turns"], "value", v)) for v in [3, 5] * 10
    ) * 1e3
    turn_ms = statistics.median(
        timed(lambda t=t: setattr(explorer.turn_slider, "value", t)) for t in range(150, 200, 3)
    ) * 1e3

    # 2. a new setting on LONG (baseline cached by the first display)
    explorer = TrimmingExplorer(LONG, max_turns=3)
    new_long = [timed(lambda v=v: setattr(explorer.sliders["max_turns"], "value", v)) for v in (2, 4, 5, 6, 8)]
    new_long_s = statistics.median(new_long)

    # 3. one new setting on the 200-turn conversation
    explorer = TrimmingExplorer(long_conversation, max_turns=3)
    new_200_s = timed(lambda: setattr(explorer.sliders["max_turns"], "value", 7))

    print(f"{'case':<52}{'median':>12}{'target':>10}{'share':>8}")
    for name, value, unit, target in [
        ("seen setting, 200 turns: max_turns slider -> view", cached_ms, "ms", 50),
        ("seen setting, 200 turns: turn slider -> view", turn_ms, "ms", 50),
        ("new setting, LONG (37 turns): replay + view", new_long_s, "s", 1.0),
    ]:
        verdict = "PASS" if value <= target else "MISS"
        print(f"{name:<52}{value:>9.2f} {unit:<2}{target:>7} {unit:<2}{value / target:>6.0%}  {verdict}")
    print(f"{'new setting, 200 turns: replay + view (reported)':<52}{new_200_s:>9.2f} s")
    print(f"{'first display, 200 turns: full history + max_turns=3':<52}{first_display_s:>9.2f} s")


if __name__ == "__main__":
    main()
