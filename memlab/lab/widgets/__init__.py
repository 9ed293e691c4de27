"""Explorers and a chat panel: move a parameter, and watch what the agent still remembers.

* :class:`TrimmingExplorer`, :class:`SummarizingExplorer` — sliders for one
  policy's parameters; each new setting is replayed through the real ``Runner``
  and the agent's answers under it are shown, with what it was sent, what it
  lost, and what that cost (:mod:`memlab.lab.widgets._explorer`).
* :class:`ComparisonExplorer` — two settings side by side, turn by turn.
* :class:`ChatPanel` — talk to the agent yourself, under a window you choose.
"""

from __future__ import annotations

from ._explorer import PolicyExplorer
from ._render import answer_html, counters_html, table_html
from ._replays import clear_replays
from .chat import ChatPanel
from .comparison import ComparisonExplorer
from .explorers import SummarizingExplorer, TrimmingExplorer

__all__ = ["ChatPanel", "ComparisonExplorer", "PolicyExplorer", "SummarizingExplorer", "TrimmingExplorer", "answer_html", "clear_replays",
           "counters_html", "table_html"]
