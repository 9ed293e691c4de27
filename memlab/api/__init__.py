"""The API switch: which Responses API memlab talks to, and what each request cost.

* :mod:`~memlab.api.mode` — offline (the fake in :mod:`memlab.offline`) or
  live (``MEMLAB_LIVE=1``): ``configure()``, the shared ``client()``, ``model()``.
* :mod:`~memlab.api.wire` — every request the configured client sends, with its
  usage: "what the model saw" and "what it cost", the same offline and live.
* :mod:`~memlab.api.prices` — a dated price table and the spend line.
* :mod:`~memlab.api.plain_json` — the ``openai`` clients both modes use: the real ones, minus a
  request transform that changes nothing in a plain-JSON body.

Every notebook starts with ``mode.configure()`` and ends with ``wire``'s spend line.
"""
