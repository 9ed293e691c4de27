"""The offline model: a stand-in for the Responses API that answers only from the request.

Its one idea: **it answers only from what it is sent — instructions, items,
tools, schemas — and says so when it cannot.** It knows no scenario: memlab's
support agent reaches it the way any agent does, through its instructions,
tools and tool outputs. Notebooks, tests and the workshop run on it with no
network and no key, and so can your own agent (tools, handoffs, structured
output, a summarizer of your own). Where it lives:

* :mod:`~memlab.offline.api` — the endpoints (``OfflineAPI``): requests checked,
  answered, counted in real tokens, stored; conversations.
* :mod:`~memlab.offline.model` — what it answers (``respond``): tool calls,
  handoffs, structured output, answers from the conversation, honest refusals.
* :mod:`~memlab.offline.reading`, :mod:`~memlab.offline.notes`,
  :mod:`~memlab.offline.grading`, :mod:`~memlab.offline.schema` — its one reader
  of a conversation, the notes it writes for a summary prompt, how it grades a
  note, and how it fills a JSON schema.
* :mod:`~memlab.offline.checks` — the real API's request rules and errors.
* :mod:`~memlab.offline.compaction` — ``POST /v1/responses/compact``.
* :mod:`~memlab.offline.client` — a real ``openai`` client on it; and
  :mod:`~memlab.offline.server` — the same API over HTTP (``make stand-in``).

``memlab.api.mode.configure()`` installs it for the whole SDK; notebook 00
shows it, and ``OfflineAPI(reply=...)`` lets a test script any reply.
"""
