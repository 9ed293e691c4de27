"""Every memory policy on the long conversation: total tokens billed, recall, calls.

Replays ``memlab.scenario.LONG`` (37 turns, five facts planted early and asked
for at the end) through ``Runner.run`` with the offline model, once per
policy, in one process: full history, trimming (by turns and by tokens),
summarizing with an LLM summarizer (by turns, by tokens, gated), the SDK's
tool-output trimming, the SDK's compaction session, the tiered policy
(tool-output trimming, then summarizing over a token budget), and the same
with memlab's model-free fact sheet as the summarizer.

Every cost is **total tokens billed**: the agent's input and output plus the
policy's own calls (summarizer, compaction endpoint). The frontier table is
printed, then the targets with PASS/MISS:

* the cheapest policy that recalls 100% of must-keep facts costs <= 35% of
  full history's total tokens;
* the gate's recall with a lossy summarizer (reject vs repair), as before.

Run it with ``python benchmarks/bench_evals.py``.
"""

from __future__ import annotations

import asyncio
import logging
import os

os.environ.setdefault("OPENAI_AGENTS_DISABLE_TRACING", "1")

import pandas as pd

from memlab import FactSheetSummarizer, evals
from memlab.api import mode
from memlab.scenario import LAPTOP, LONG

SHEET = FactSheetSummarizer()
POLICIES = [
    ("trimming", {"max_turns": 3}),
    ("trimming", {"max_tokens": 600}),
    ("summarizing", {"context_limit": 4, "keep_last_n_turns": 2, "must_keep": True}),
    ("summarizing", {"context_limit": 8, "keep_last_n_turns": 1, "must_keep": True}),
    ("summarizing", {"context_limit": None, "keep_last_n_turns": 1, "max_tokens": 1200, "must_keep": True}),
    ("tool_output_trimming", {}),
    ("tool_output_trimming", {"recent_turns": 1, "max_output_chars": 200, "preview_chars": 60}),
    ("compaction", {}),
    ("compaction", {"threshold": 20}),
    ("tiered", {"max_tokens": 800, "keep_last_n_turns": 1, "must_keep": True}),
    ("tiered", {"max_tokens": 1500, "keep_last_n_turns": 2, "must_keep": True}),
    ("summarizing", {"context_limit": 2, "keep_last_n_turns": 1, "must_keep": True, "summarizer": SHEET}),
    # a fact sheet costs no model call, so it can be rewritten after every turn: only the latest turn is kept whole
    ("summarizing", {"context_limit": 1, "keep_last_n_turns": 1, "must_keep": True, "summarizer": SHEET}),
    ("tiered", {"max_tokens": 300, "keep_last_n_turns": 1, "must_keep": True, "summarizer": SHEET}),
]
TARGET = 0.35
DROP = [r"ORD-\d{5}", r"TCK-\d{6}"]  # what the lossy summarizer forgets


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


async def main() -> None:
    print(mode.configure("offline"))
    await evals.run(LAPTOP, "full")  # warm up (imports, tokenizer, tool schemas)
    result = await evals.run_grid(LONG, POLICIES, progress=False)
    summary = result.summary
    full = summary[summary["strategy"] == "full"].iloc[0]
    print(f"\n{LONG.name}: {len(LONG.user_turns)} turns, {len(LONG.probes)} probes; full history bills "
          f"{full['total_tokens']:,} tokens over {full['model_calls']} model calls\n")
    table = summary.assign(calls=summary["model_calls"].astype(str) + " + " + summary["memory_calls"].astype(str))
    columns = ["label", "total_tokens", "vs_full", "input_tokens", "memory_tokens", "calls",
               "recall", "must_keep_recall", "latency_s"]
    with pd.option_context("display.width", 250, "display.max_colwidth", 90):
        print(table.sort_values("total_tokens")[columns].to_string(index=False, float_format=lambda v: f"{v:.3f}"))
    print("\n(calls: the agent's model calls + the policy's own: summaries made or compactions)")

    frontier = evals.pareto_frontier(summary, recall="must_keep_recall")
    print("\nfrontier (total tokens against must-keep recall):", ", ".join(frontier["label"]))
    best = evals.choose(summary, 1.0, recall="must_keep_recall")
    llm = summary[summary["label"].str.contains("gate=on") & ~summary["label"].str.contains("FactSheet")]
    best_llm = evals.choose(llm, 1.0, recall="must_keep_recall")
    print("\ntargets")
    print(f"  {verdict(best['vs_full'] <= TARGET)}  cheapest policy with 100% must-keep recall: {best['label']} "
          f"at {best['vs_full']:.1%} of full history's total tokens (target <= 35%)")
    print(f"        the cheapest with an LLM summary: {best_llm['label']} at {best_llm['vs_full']:.1%}")

    logging.getLogger("memlab.summarizing").setLevel(logging.ERROR)  # rejections are counted below instead
    lossy = evals.LossySummarizer(mode.client(), drop=DROP)
    base = {"context_limit": 4, "keep_last_n_turns": 2}
    sloppy = [("summarizing", {**base, "summarizer": lossy}),
              ("summarizing", {**base, "must_keep": True, "summarizer": lossy}),
              ("summarizing", {**base, "must_keep": True, "gate": "repair", "summarizer": lossy})]
    rows = (await evals.run_grid(LONG, sloppy, progress=False, baseline=False)).summary
    ungated, rejecting, repairing = (rows.iloc[i] for i in range(3))
    print(f"  {verdict(rejecting['must_keep_recall'] == 1.0)}  a summarizer that drops the order and ticket lines: "
          f"must-keep recall {ungated['must_keep_recall']:.0%} without the gate, {rejecting['must_keep_recall']:.0%} "
          f"with a rejecting gate ({rejecting['total_tokens'] / full['total_tokens']:.1%} of full: nothing is compressed)")
    print(f"  {verdict(repairing['must_keep_recall'] == 1.0)}  with gate='repair': {repairing['must_keep_recall']:.0%} "
          f"at {repairing['total_tokens'] / full['total_tokens']:.1%} of full history's total tokens")

    overhead = full["input_tokens"] - full["item_tokens"]
    print(f"\nfor context: instructions + tool schemas are {overhead / full['model_calls']:.0f} tokens on every model call, "
          f"{overhead / full['total_tokens']:.1%} of full history's total: no policy goes below that share.")


if __name__ == "__main__":
    asyncio.run(main())
