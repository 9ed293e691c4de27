"""Token pressure and recall of each memory strategy on the long conversation.

Replays ``memlab.scenario.LONG`` (37 turns, five facts planted early and asked
for at the end) through ``Runner.run`` with the offline model, once per
strategy, in one process, and prints each strategy's cumulative input tokens as
a ratio of full history's, next to its probe recall. Then it checks the issue's
targets and prints PASS or MISS for each:

* trimming (``max_turns=3``) sends at most 40% of full history's input tokens;
* summarizing (``context_limit=4, keep_last_n_turns=2``) sends at most 40%;
* summarizing with the fidelity gate recalls 100% of the must-keep facts. The
  offline summarizer keeps every identifier, so the gate never has to act on
  it; the same check therefore also runs with ``evals.LossySummarizer``, which
  deletes the lines naming the order number and the ticket, without the gate,
  with a rejecting gate and with a repairing one, to show what the gate
  protects and what each mode costs.

The diagnosis below the targets explains the ratios: the part of each request
no memory policy can shrink (instructions and tool schemas), the ratio of the
input *items* alone, the size of a summary next to the turns it replaces, and
the same strategies on a longer synthetic conversation. Wall-time ratios are
printed for information only; nothing here asserts seconds.

Run it with ``python benchmarks/bench_evals.py``.
"""

from __future__ import annotations

import asyncio
import logging
import os

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

import pandas as pd

from memlab import evals, offline
from memlab.scenario import LAPTOP, LONG, synthetic_conversation
from memlab.tokens import count_text

TRIM = ("trimming", {"max_turns": 3})
CALLBACK = ("keep_last_turns", {"n": 3})
SUMMARIZE = ("summarizing", {"context_limit": 4, "keep_last_n_turns": 2})
GATED = ("summarizing", {"context_limit": 4, "keep_last_n_turns": 2, "must_keep": True})
TARGET = 0.40
DROP = [r"ORD-\d{5}", r"TCK-\d{6}"]  # what the lossy summarizer forgets


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def show(summary: pd.DataFrame) -> None:
    columns = ["label", "input_tokens", "vs_full", "items_vs_full", "summarizer_calls",
               "summarizer_tokens", "recall", "must_keep_recall"]
    print(summary[columns].to_string(index=False))


async def main() -> None:
    print(offline.configure("offline"))
    await evals.replay(LAPTOP, "full")  # warm up (imports, tokenizer, tool schemas) so wall times compare fairly
    result = await evals.run_grid(LONG, [TRIM, CALLBACK, SUMMARIZE, GATED], progress=False)
    summary = result.summary.set_index("label", drop=False)
    turns = result.turns
    full = summary.loc["full"]
    print(f"\n{LONG.name}: {len(LONG.user_turns)} turns, {len(LONG.probes)} probes, "
          f"full history = {full['input_tokens']} input tokens over {full['model_calls']} model calls\n")
    show(summary)

    trim = summary.loc[evals.run_label(*TRIM)]
    plain = summary.loc[evals.run_label(*SUMMARIZE)]
    gated = summary.loc[evals.run_label(*GATED)]
    print("\ntargets")
    print(f"  {verdict(trim['vs_full'] <= TARGET)}  trimming (max_turns=3) input tokens {trim['vs_full']:.1%} of full (target <= 40%)")
    for row in (plain, gated):
        print(f"  {verdict(row['vs_full'] <= TARGET)}  {row['label']} input tokens {row['vs_full']:.1%} of full (target <= 40%)")
    print(f"  {verdict(gated['must_keep_recall'] == 1.0)}  {gated['label']} must-keep recall {gated['must_keep_recall']:.0%} (target 100%)")

    logging.getLogger("memlab.summarizing").setLevel(logging.ERROR)  # each rejection is counted below instead
    lossy = evals.LossySummarizer(evals.model_client(), drop=DROP)
    sloppy = [("summarizing", {**SUMMARIZE[1], "summarizer": lossy}),
              ("summarizing", {**GATED[1], "summarizer": lossy}),
              ("summarizing", {**GATED[1], "gate": "repair", "summarizer": lossy})]
    sloppy_run = await evals.run_grid(LONG, sloppy, progress=False, baseline=False)
    ungated_row, gated_row, repair_row = (sloppy_run.summary.iloc[i] for i in range(3))
    rejected = sloppy_run.turns.groupby("label", sort=False)["summaries_rejected"].sum()
    print(f"  {verdict(gated_row['must_keep_recall'] == 1.0)}  with a summarizer that drops the order and ticket lines: "
          f"must-keep recall {ungated_row['must_keep_recall']:.0%} without the gate, "
          f"{gated_row['must_keep_recall']:.0%} with it (target 100%)")
    print(f"        a rejecting gate's price: {rejected.iloc[1]} summaries rejected, so nothing is compressed: "
          f"{gated_row['input_tokens'] / full['input_tokens']:.1%} of full input tokens "
          f"(without the gate {ungated_row['input_tokens'] / full['input_tokens']:.1%})")
    print(f"  {verdict(repair_row['must_keep_recall'] == 1.0)}  the same with gate='repair': must-keep recall "
          f"{repair_row['must_keep_recall']:.0%} at {repair_row['input_tokens'] / full['input_tokens']:.1%} of full "
          f"input tokens (the dropped facts are appended to each summary verbatim)")

    # ---- diagnosis, measured in the same run
    overhead = full["input_tokens"] - full["item_tokens"]
    per_call = overhead / full["model_calls"]
    print("\ndiagnosis")
    print(f"  instructions + tool schemas: {per_call:.0f} tokens on every model call, "
          f"{overhead / full['input_tokens']:.1%} of full history's input tokens;")
    print(f"  so a policy that sent no history at all (same {full['model_calls']} calls) would still be at "
          f"{overhead / full['input_tokens']:.1%}: 40% leaves {TARGET - overhead / full['input_tokens']:.1%} for history.")
    print(f"  input items alone (what a memory policy controls): trimming {trim['items_vs_full']:.1%}, "
          f"summarizing {plain['items_vs_full']:.1%}, gated {gated['items_vs_full']:.1%} of full.")
    gated_turns = turns[turns["label"] == gated["label"]]
    summaries = gated_turns["summary"].dropna()
    full_turns = turns[turns["label"] == "full"]
    per_turn = full_turns["item_tokens"].iloc[-1] / len(LONG.user_turns) if len(full_turns) else float("nan")
    mean_summary = sum(count_text(s) for s in summaries) / max(len(summaries), 1)
    print(f"  a summary is {mean_summary:.0f} tokens on average; a turn of this conversation is about "
          f"{per_turn:.0f} tokens of history: one summary costs as much as {mean_summary / per_turn:.0f} turns.")
    print(f"  summarizer: {gated['summarizer_calls']} calls, {gated['summarizer_tokens']} tokens "
          f"(not included in the ratios above; with them gated summarizing is at "
          f"{(gated['input_tokens'] + gated['summarizer_tokens']) / full['input_tokens']:.1%}).")
    wall = turns.groupby("label", sort=False)["latency_s"].sum()
    print("  wall time vs full (information only): "
          + ", ".join(f"{label} {wall[label] / wall['full']:.2f}x" for label in (trim["label"], gated["label"])))

    longer = synthetic_conversation(60)
    scaled = (await evals.run_grid(longer, [TRIM, GATED], progress=False)).summary.set_index("label")
    print(f"\nsame strategies on {longer.name} ({len(longer.user_turns)} turns; history outgrows the fixed part):")
    for label in (evals.run_label(*TRIM), evals.run_label(*GATED)):
        row = scaled.loc[label]
        print(f"  {label}: {row['vs_full']:.1%} of full input tokens, items {row['items_vs_full']:.1%}, "
              f"recall {row['recall']:.0%}")


if __name__ == "__main__":
    asyncio.run(main())
