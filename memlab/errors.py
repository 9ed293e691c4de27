"""memlab's own exception base class: ``except MemlabError`` catches them all.

Bad arguments still raise the built-in ``ValueError``/``TypeError``; these are
for things that go wrong at run time (tampered history, a refused tenant, a
summary that could not be made).
"""

from __future__ import annotations

__all__ = ["MemlabError"]


class MemlabError(Exception):
    """Base class of memlab's own errors."""
