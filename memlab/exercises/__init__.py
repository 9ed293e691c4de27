"""Checks for the notebooks' exercises: each runs the learner's code on cases they have not seen.

One module per notebook (``memlab.exercises.nb01`` for ``01_sessions_and_turns``, …).
A check prints one line per hidden case (✓ or ✗ with the reason) and a tally;
it never raises, so a half-done exercise shows what is left instead of a
traceback, and a learner who has not started yet is told so. A case that
hangs is given up after a time limit and reported in one line. The checks
report through :class:`CaseFailed` (or a returned reason), never ``assert``,
which ``python -O`` removes.
"""

from __future__ import annotations

from ._report import CaseFailed, Report, acheck_cases, check_cases

__all__ = ["CaseFailed", "Report", "acheck_cases", "check_cases"]
