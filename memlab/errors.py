"""memlab's own exception base class: ``except MemlabError`` catches them all.

Bad arguments still raise the built-in ``ValueError``/``TypeError``; these are
for things that go wrong at run time (tampered history, a refused tenant, a
summary that could not be made).
"""

from __future__ import annotations

__all__ = ["MemlabError", "IntegrityError", "KeyMismatchError"]


class MemlabError(Exception):
    """Base class of memlab's own errors."""


class IntegrityError(MemlabError):
    """Stored history failed verification: it was changed outside memlab.

    Nothing from a history that raises this reaches the model. Raised by
    :class:`memlab.storage.integrity.IntegritySession` and its head stores.
    """


class KeyMismatchError(IntegrityError):
    """The history was signed with a different key than the one given."""
