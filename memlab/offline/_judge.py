"""The offline model's judge: grades a summary by checking facts, not taste.

When a request carries memlab's judge prompt (:func:`memlab.evals.judge_prompt`),
the offline model answers with the JSON grades the prompt asks for.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..facts import find_facts
from ..turns import item_text

__all__ = ["grade"]


_ID_KINDS = ("order_number", "serial", "error_code", "ticket_id")


def _section(text: str, name: str) -> str | None:
    """The body of Markdown section ``name`` in ``text`` (``None`` if absent)."""
    match = re.search(rf"^#+\s*{re.escape(name)}[^\n]*\n(.*?)(?=^#+\s|\Z)", text, re.M | re.S | re.I)
    return match.group(1).strip() if match else None


def _has_content(body: str | None) -> bool:
    return bool(body) and re.sub(r"[-*\s]", "", body.lower()) not in ("", "none")


def grade(items: Sequence[Mapping[str, Any]], instructions: str) -> str:
    """Grade a summary against its transcript, as memlab's judge prompt asks.

    The request's last user message holds ``<transcript>`` and ``<summary>``
    blocks; the criteria are the ``- name: ...`` lines of the instructions.
    Known criteria are graded by checking facts, not by taste:

    * ``identifiers_kept``: share of the transcript's identifiers found verbatim;
    * ``no_invented_facts``: 5, minus 2 per identifier the transcript never mentions;
    * ``current_status``: a non-empty status section that names no value the
      conversation later replaced (the newest value of each kind wins);
    * ``next_step``: a non-empty next-step section.

    Any other criterion gets ``null`` with a reason. Returns JSON text.
    """
    text = item_text(items[-1]) if items else ""
    transcript = re.search(r"<transcript>(.*?)</transcript>", text, re.S)
    summary = re.search(r"<summary>(.*?)</summary>", text, re.S)
    source = transcript.group(1) if transcript else ""
    note = summary.group(1) if summary else ""
    said = find_facts(source)
    noted = find_facts(note)
    known = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, []))]
    kept = [v for v in known if v in note]
    invented = [v for kind in _ID_KINDS for v in dict.fromkeys(noted.get(kind, [])) if v not in source]
    status, step = _section(note, "Current status"), _section(note, "Next recommended step")
    superseded = [v for kind in _ID_KINDS for v in dict.fromkeys(said.get(kind, [])) if v != said[kind][-1]]
    stale = [v for v in superseded if v in (status or "")]

    def grade(name: str) -> dict[str, Any]:
        if name == "identifiers_kept":
            missing = [v for v in known if v not in kept]
            score = 5 if not known else round(5 * len(kept) / len(known))
            return {"score": score, "reason": f"missing {', '.join(missing)}" if missing else "ok"}
        if name == "no_invented_facts":
            return {"score": max(0, 5 - 2 * len(invented)),
                    "reason": f"not in the transcript: {', '.join(invented)}" if invented else "ok"}
        if name == "current_status":
            if not _has_content(status):
                return {"score": 0, "reason": "no current status section"}
            return {"score": 2 if stale else 5, "reason": f"keeps superseded {', '.join(stale)}" if stale else "ok"}
        if name == "next_step":
            return {"score": 5, "reason": "ok"} if _has_content(step) else {"score": 0, "reason": "no next step given"}
        return {"score": None, "reason": "the offline judge cannot grade this criterion"}

    criteria = re.findall(r"^- ([a-z][a-z0-9_]*):", instructions, re.M)
    return json.dumps({name: grade(name) for name in criteria})

