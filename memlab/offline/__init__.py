"""The offline model: a stand-in for the Responses API that answers only from what it is sent
(instructions, items, tools, schemas), says so when it cannot, and knows no scenario:

* :mod:`~memlab.offline.api` — the endpoints (``OfflineAPI``): requests checked, answered, counted, stored;
* :mod:`~memlab.offline.model` — what it answers (``respond``), with :mod:`~memlab.offline.reading`,
  :mod:`~memlab.offline.notes`, :mod:`~memlab.offline.grading` and :mod:`~memlab.offline.schema`;
* :mod:`~memlab.offline.checks` — the real API's request rules and errors;
* :mod:`~memlab.offline.compaction` — ``POST /v1/responses/compact``;
* :mod:`~memlab.offline.client` — a real ``openai`` client on it; :mod:`~memlab.offline.server` — HTTP.

``memlab.api.mode.configure()`` installs it for the whole SDK; ``OfflineAPI(reply=...)`` scripts a reply.
"""
