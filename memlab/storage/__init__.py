"""Storage and trust: where a session's history lives, and how far it can be trusted.

* :mod:`~memlab.storage.log` — the plumbing under both sessions (the op log in
  memory or in any SDK store, its row checks, the lock); notebook 99 opens it.
* :mod:`~memlab.storage.integrity` and :mod:`~memlab.storage.heads` —
  tamper-evident history (an HMAC chain and its signed head); notebook 06.
* :mod:`~memlab.storage.tenancy` — one tenant's request cannot reach another
  tenant's conversation; notebook 06.
"""
