"""The offline model: a stand-in for the Responses API that answers only from what it is sent
(instructions, items, tools, schemas), says so when it cannot, and knows no scenario.

:mod:`~memlab.offline.api` holds the endpoints (``OfflineAPI``), :mod:`~memlab.offline.checks` the real API's
request rules, :mod:`~memlab.offline.model` what it answers (with ``reading``, ``notes``, ``grading``, ``schema``),
:mod:`~memlab.offline.compaction` ``/responses/compact`` and :mod:`~memlab.offline.chat` a Chat Completions
request read as a Responses one; :mod:`~memlab.offline.client` puts a real ``openai``
client on it, :mod:`~memlab.offline.server` serves it over HTTP. ``memlab.api.mode.configure()`` installs it for
the whole SDK; ``OfflineAPI(reply=...)`` scripts a reply.
"""
