"""HTML for the explorers: pure functions from tables and numbers to markup.

Kept apart from the widgets so they can be read (and tested) without a front end.
"""

from __future__ import annotations

import html
from typing import Any

import pandas as pd

from ..views import STATUSES

__all__ = ["FACT_MARK", "ahead_html", "legend_html", "table_html", "facts_html", "counters_html", "columns_html", "answer_html", "line_html", "summary_html"]

#: The mark beside an item that plants a fact. A plain star, which the fonts a browser ships with
#: draw; an emoji (a pushpin, say) needs an emoji font, and without one the reader sees an empty box.
FACT_MARK = "★"

#: What the facts panel says when the conversation plants no fact (a plain list of user messages).
NO_FACTS = (
    "none: this conversation names no fact to watch, so no answer is marked ✓ or ✗. Replay a "
    "<code>memlab.scenario.Conversation</code> with facts and probes (such as <code>scenario.LAPTOP</code>) "
    "to see where each fact leaves the window and whether its question is still answered."
)


def legend_html(statuses: list[str] | None = None) -> str:
    """Colour chips explaining the row statuses (all of them, or those named)."""
    names = statuses or list(STATUSES)
    chips = "".join(
        f'<span style="background:{STATUSES[name][0]};padding:1px 7px;margin-right:6px;border-radius:3px">{name}</span>'
        f'<span style="margin-right:14px;color:#555">{html.escape(STATUSES[name][1])}</span>'
        for name in names
    )
    return f'<div class="memlab-legend" style="font-size:12px;line-height:2">{chips}</div>'


def table_html(rows: pd.DataFrame, title: str, *, height: int = 420) -> str:
    """A scrolling table of item rows (``turn, kind, preview, tokens, status, fact``), painted by status."""
    head = "".join(f"<th style='text-align:left;padding:2px 6px'>{name}</th>" for name in ("turn", "kind", "item", "tokens"))
    body = []
    for turn, kind, preview, tokens, status, fact in rows[["turn", "kind", "preview", "tokens", "status", "fact"]].itertuples(
        index=False, name=None
    ):
        colour = STATUSES[status][0]
        strike = "text-decoration:line-through;color:#777;" if status in ("dropped", "folded") else ""
        mark = f" <b title='planted fact'>{FACT_MARK} {html.escape(fact)}</b>" if fact else ""
        shown = "" if pd.isna(turn) else turn
        body.append(
            f"<tr class='memlab-row memlab-{status}' style='background:{colour};{strike}'>"
            f"<td>{shown}</td><td>{html.escape(kind)}</td><td>{html.escape(preview)}{mark}</td>"
            f"<td style='text-align:right'>{tokens}</td></tr>"
        )
    return (
        f"<div><b>{html.escape(title)}</b></div>"
        f"<div style='max-height:{height}px;overflow-y:auto'><table style='border-collapse:collapse;font-size:12px'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def summary_html(text: str | None, turn: int) -> str:
    """The summary a turn's model call carried, whole and readable (its line breaks kept); empty if none."""
    if not text:
        return ""
    box = (f"background:{STATUSES['summary'][0]};white-space:pre-wrap;padding:4px 8px;border-radius:3px;"
           "max-height:420px;overflow-y:auto")
    return (
        f"<div class='memlab-summary' style='font-size:12px;margin-top:8px'>"
        f"<b>The summary the model was sent at turn {turn}, in full</b>"
        f"<div style='{box}'>{html.escape(text)}</div></div>"
    )


def columns_html(left: str, right: str) -> str:
    """Two blocks side by side (they wrap below each other on a narrow screen)."""
    style = "flex:1 1 420px;min-width:320px"
    return f"<div style='display:flex;gap:16px;flex-wrap:wrap'><div style='{style}'>{left}</div><div style='{style}'>{right}</div></div>"


def facts_html(facts: pd.DataFrame, turn: int) -> str:
    """The planted facts at ``turn`` (rows of :func:`memlab.lab.views.fact_rows` for that turn):
    where each entered, whether the model still sees it, and how its probe went. With no fact to
    show, it says so, and how to get some."""
    if facts.empty:
        return f"<div class='memlab-facts' style='font-size:12px'><b>Planted facts</b>: {NO_FACTS}</div>"
    lines = []
    for row in facts.itertuples(index=False):
        where = f"planted in turn {row.planted}"
        if turn < row.planted:
            seen = "not planted yet"
        elif row.in_view:
            seen = "in view" if pd.isna(row.forgotten) else f"in view again (gone from turn {row.forgotten}, then repeated)"
        elif pd.isna(row.last_seen):
            seen = "<b>dropped at once</b>"
        else:
            seen = f"<b>last seen in turn {row.last_seen}</b>, gone from turn {row.last_seen + 1}"
        probe = ""
        if not pd.isna(row.probe):
            if row.probe > turn:
                probe = f" · asked in turn {row.probe}"
            else:
                mark = "✓" if row.correct else "✗"
                probe = f" · turn {row.probe}: {mark} expected <code>{html.escape(str(row.expected))}</code>"
        lines.append(f"<li><code>{html.escape(row.fact)}</code> = <code>{html.escape(str(row.value))}</code>: {where}, {seen}{probe}</li>")
    return f"<div class='memlab-facts' style='font-size:12px'><b>Planted facts</b><ul style='margin:2px 0'>{''.join(lines)}</ul></div>"


def counters_html(turn: int, c: dict[str, Any]) -> str:
    """The tokens billed at this turn and so far, against full history."""
    memory = "—" if c["memory"] is None else f"{c['memory']:,}"
    line = (
        f"<b>Turn {turn}</b> — billed: input <b>{c['input']:,}</b> (instructions and tool schemas included), "
        f"output {c['output']:,}, memory policy {memory} tokens."
    )
    if c["cumulative"] is not None:
        line += f" Turns 1–{turn}: <b>{c['cumulative']:,}</b> tokens"
        if c["share"] is not None:
            line += f" = <b>{c['share']:.0%}</b> of full history's {c['full_cumulative']:,}"
        line += "."
    return f"<div class='memlab-counters'>{line}</div>"


def answer_html(question: str, answer: str, probe: dict[str, Any] | None) -> str:
    """The turn's question and the agent's answer under this setting, with the probe's verdict."""
    verdict = ""
    if probe is not None:
        mark = "✓" if probe["correct"] else "✗"
        colour = "#137333" if probe["correct"] else "#b00020"
        verdict = (f" <span style='color:{colour};font-weight:bold'>{mark} expected "
                   f"<code>{html.escape(str(probe['expected']))}</code></span>")
    return (
        f"<div class='memlab-answer'><b>User:</b> {html.escape(question)}<br>"
        f"<b>Agent:</b> <span class='memlab-reply'>{html.escape(answer)}</span>{verdict}</div>"
    )


def line_html(text: str, *, error: bool = False) -> str:
    """One status line: busy, done, or an error said plainly (never a traceback)."""
    colour = "#b00020" if error else "#555"
    role = "memlab-error" if error else "memlab-status"
    return f"<div class='{role}' style='color:{colour}'>{html.escape(text)}</div>"


#: What the line under an explorer's sliders counts (its tooltip).
AHEAD_TITLE = ("The settings one slider move away from this one (every value of each slider, the others as they are), "
               "replayed in the background while you read: a move to one of them shows at once.")


def ahead_html(ready: int, total: int, note: str = "") -> str:
    """The small grey line under an explorer's sliders: how many settings one move away are ready, and a note."""
    text = f"{ready} of {total} settings ready" + (f" · {note}" if note else "")
    return (f"<div class='memlab-ahead' title='{html.escape(AHEAD_TITLE)}' style='color:#888;font-size:11px'>"
            f"{html.escape(text)}</div>")
