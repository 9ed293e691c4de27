"""Checks for the notebooks' exercises: each runs the learner's code on cases they have not seen.

One module per notebook (``nb01`` for ``01_sessions_and_turns``, …), each
imported by its notebook (``from memlab.lab.exercises import nb02``);
:mod:`~memlab.lab.exercises.report` prints what they find. A check prints one
line per hidden case (✓ or ✗ with the reason) and a tally; it never raises and
never uses ``assert`` (``python -O`` removes it), and a case that hangs is given
up after a time limit, in one line.
"""
