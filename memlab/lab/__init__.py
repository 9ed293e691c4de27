"""The lab: teaching tools around the lesson, for the notebooks and the workshop app.

* :mod:`~memlab.lab.widgets` — the explorers and the chat panel (notebooks 02
  and 03, the workshop app).
* :mod:`~memlab.lab.views` — what the model was sent and what it lost, as
  tables (notebooks 02 and 03, and the explorers).
* :mod:`~memlab.lab.exercises` — the checks behind every notebook's exercises.
* :mod:`~memlab.lab.doctor` — ``make doctor``: a participant's laptop, checked.
"""
