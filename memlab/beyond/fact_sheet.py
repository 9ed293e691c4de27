"""A summarizer with no model: a fact sheet of what the rules find.

An LLM summary is the general answer to "what should the model remember?",
and it costs a model call every time. When you know the *shape* of what
matters — order numbers, serials, error codes, a contact preference — rules
can find it, and a sheet of those facts costs no call at all::

    sheet = FactSheetSummarizer([r"ORD-\\d{5}", r"SN-[A-Z0-9]{8}"])
    session = SummarizingSession(1, 3, sheet, gate=FidelityGate(sheet.rules))

The price is everything the rules do not know to look for: the steps the
customer tried, what the agent promised, the mood of the conversation — and
any fact whose shape they were not written for. Put a fact sheet next to an
LLM summary in the evals (:mod:`memlab.evals`), on a conversation whose facts
the rules know (``LONG``) and on one whose facts they do not
(``memlab.scenario.MOVING``): it wins on tokens everywhere, and on must-keep
recall only where its rules (or a gate's) find the facts — a trade-off you
should see measured, not assume.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..facts import FACT_PATTERNS, find_facts
from ..gate import MustKeep, check_rules, find_must_keep
from ..items import Item
from ..prompts import SHADOW_PROMPT
from ..turns import item_text

__all__ = ["SHEET_TITLE", "FactSheetSummarizer"]

#: First line of every fact sheet.
SHEET_TITLE = "Facts so far (newest value of each kind last):"


class FactSheetSummarizer:
    """A :class:`~memlab.summarizer.Summarizer` that writes a sheet of facts, without a model call.

    It lists every fact the known kinds (:data:`memlab.facts.FACT_PATTERNS`,
    labelled: "order number: ORD-73914") and the given ``rules`` find in the
    items, plus the ``must_keep`` facts a fidelity gate passes, each once. An
    earlier sheet in the items is read like any other text, so a sheet of a
    sheet keeps everything.

    Args:
        rules: Extra must-keep rules (regexes or callables, as for
            :class:`~memlab.gate.FidelityGate`); may be empty.
    """

    #: Tells the evals this summarizer sends no request: its summaries cost no tokens.
    uses_model = False

    def __init__(self, rules: Sequence[MustKeep] = ()) -> None:
        self.rules = check_rules(rules) if rules else []

    def describe(self) -> str:
        """The rules this sheet looks for, in one line, for a table or a headline.

        ``FactSheetSummarizer().describe()`` is ``"fact sheet (FACT_PATTERNS:
        order number, serial, error code, ticket id, contact channel)"``. A
        fact of any other shape reaches the sheet only through ``rules`` or a
        fidelity gate's ``must_keep``.
        """
        kinds = ", ".join(kind.replace("_", " ") for kind in FACT_PATTERNS)
        extra = f"; plus {len(self.rules)} rule{'' if len(self.rules) == 1 else 's'} of yours" if self.rules else ""
        return f"fact sheet (FACT_PATTERNS: {kinds}{extra})"

    async def summarize(self, items: list[Item], *, must_keep: Sequence[str] = ()) -> tuple[str, str]:
        """Return ``(shadow_prompt, sheet)``; costs no tokens."""
        text = "\n".join(item_text(item) for item in items)
        lines: list[str] = []
        for kind, values in find_facts(text).items():
            label = kind.replace("_", " ")
            for value in dict.fromkeys(values):
                lines.append(f"- {label}: {value}" if kind != "contact_channel" else f"- customer prefers contact by {value}")
        for fact in [*find_must_keep(self.rules, items), *must_keep]:
            if not any(fact in line for line in lines):
                lines.append(f"- {fact}")
        return SHADOW_PROMPT, "\n".join([SHEET_TITLE, *dict.fromkeys(lines)] if lines else [SHEET_TITLE, "- none"])
