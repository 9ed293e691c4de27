"""Checks for the notebooks' exercises: each runs the learner's code on cases they have not seen.

One module per notebook (``memlab.exercises.nb01`` for ``01_sessions_and_turns``, …).
A check prints one line per hidden case (✓ or ✗ with the reason) and a tally;
it never raises, so a half-done exercise shows what is left instead of a
traceback, and a learner who has not started yet is told so.
"""

from __future__ import annotations

from ._report import Report, acheck_cases, check_cases

__all__ = ["Report", "acheck_cases", "check_cases"]
