"""Beyond the cookbook: memory policies built from the two lessons' parts.

* :mod:`~memlab.beyond.tiered` — trim old tool outputs first, then summarize,
  on one token budget.
* :mod:`~memlab.beyond.fact_sheet` — a summary written without a model call:
  the facts a pattern finds, in a fixed layout.

Notebook 04 sets them side by side with trimming, summarizing and the SDK's
compaction session; notebook 07 measures them.
"""
